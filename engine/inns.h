// Inns & Cathedrals (first edition, C1) as an add-on room over the base game: inns and
// cathedrals change the value of their road or city (river-inns-rules.md, "Inns & Cathedrals"),
// and each colour gets one large follower (weight 2 in every majority, engine/meeple.h).
#pragma once

#include <memory>

#include "engine/add_on.h"

namespace carcheck {

// The add-on registered as `inns-cathedrals` (engine/add_on.cpp).
std::shared_ptr<const AddOn> inns_cathedrals_add_on();

}  // namespace carcheck
