// The one registry of rooms (engine/rule_system.h): the rule systems whose words the shared
// ids hold. A room's members of Phase, ActionKind, EventKind and FeatureClass, with their words,
// are written in the room's own header; the lists below only name those headers' lists, so that the
// enums (engine/action.h, engine/state.h) and the word tables (engine/vocabulary.h) list no rule
// system's members. A new room adds its header and its lists here (and its words' rules in
// engine/vocabulary.cpp's table of rooms). A room written outside the engine registers its
// ids and words at run time instead (engine/room_words.h).
#pragma once

#include "engine/bcb_words.h"
#include "engine/mists_words.h"

#define CARCHECK_ROOM_PHASES(X) CARCHECK_MISTS_PHASES(X) CARCHECK_BCB_PHASES(X)
#define CARCHECK_ROOM_ACTIONS(X) CARCHECK_MISTS_ACTIONS(X) CARCHECK_BCB_ACTIONS(X)
#define CARCHECK_ROOM_EVENTS(X) CARCHECK_MISTS_EVENTS(X) CARCHECK_BCB_EVENTS(X)
#define CARCHECK_ROOM_FEATURES(X) CARCHECK_MISTS_FEATURES(X) CARCHECK_BCB_FEATURES(X)

// Helpers for the lists: an enum member, and a count (`0 LIST(CARCHECK_ID_COUNT)`).
#define CARCHECK_ID_MEMBER(member, value, ...) member = value,
#define CARCHECK_ID_COUNT(...) +1
