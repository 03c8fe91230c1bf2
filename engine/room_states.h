// The rooms' own state blocks that State holds (engine/state.h): the one list of them, so
// that a room adds its block here and state.h names none. X(type, name): State holds
// `type name_` inline (copying a state stays one copy; a game of another room pays the
// block's size and empty vectors), written by the room's steps through Rules (State's
// friend) and read by everything else as `const type& name()`.
#pragma once

#include "engine/bcb_state.h"
#include "engine/mists_state.h"
#include "engine/river_state.h"

#define CARCHECK_ROOM_STATES(X) X(MistsState, mists) X(BcbState, bcb) X(RiverState, river)
