// Events as dicts: the raw fields (kind, feature, who, x, y, value, extra, text) and, for each
// field the kind uses, its meaning as a key (engine/names.cpp: "points", "player", "tile"...),
// so that `e["points"]` reads as the rules speak.
#include "events.h"

#include <string>

namespace carcheck::py {

namespace pyb = pybind11;

namespace {

// "tiles moved" -> "tiles_moved"; "player or track" -> the one this game means.
std::string key_of(const Game& game, const char* meaning) {
  std::string key = meaning;
  if (key == "player or track") return game.cooperative() ? "track" : "player";
  for (char& c : key)
    if (c == ' ') c = '_';
  return key;
}

// A field under its meaning: a tile by its name, an end reason by its text, else the number.
void add_named(pyb::dict& d, const Game& game, const char* meaning, int v) {
  if (!meaning) return;
  const std::string key = key_of(game, meaning);
  if (key == "tile" && v >= 0 && v < static_cast<int>(game.tiles().size()))
    d[key.c_str()] = game.tile(v).name;
  else if (key == "end_reason")
    d[key.c_str()] = end_reason_text(static_cast<EndReason>(v));
  else
    d[key.c_str()] = v;
}

}  // namespace

pyb::dict event_dict(const Game& game, const Event& e) {
  const EventFields& f = event_fields(e.kind);
  pyb::dict d;
  d["kind"] = f.name;
  d["feature"] = e.feature == FeatureClass::None ? pyb::object(pyb::none())
                                                 : pyb::str(feature_class_name(e.feature));
  d["who"] = e.who;
  d["x"] = e.x;
  d["y"] = e.y;
  d["value"] = e.value;
  d["extra"] = e.extra;
  d["text"] = describe(e);
  add_named(d, game, f.who, e.who);
  add_named(d, game, f.value, e.value);
  add_named(d, game, f.extra, e.extra);
  return d;
}

}  // namespace carcheck::py
