// The registry of add-on rooms by name (engine/add_on.h): what levels.yaml's `rooms:` names.
#include "engine/add_on.h"

#include <stdexcept>
#include <utility>

#include "engine/inns.h"
#include "engine/river.h"

namespace carcheck {
namespace {

struct Registered {
  std::string name;
  AddOnFactory make;
};

// The engine's own add-on rooms, registered before any caller's.
std::vector<Registered> engine_add_ons() {
  return {
      {"inns-cathedrals", inns_cathedrals_add_on},
      {"river", &river_add_on},
  };
}

std::vector<Registered>& registry() {
  static std::vector<Registered> rooms = engine_add_ons();
  return rooms;
}

bool kebab(const std::string& s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

}  // namespace

void register_add_on(const std::string& name, AddOnFactory factory) {
  if (!kebab(name))
    throw std::invalid_argument("add-on room name '" + name + "' is not a kebab-case name");
  if (!factory) throw std::invalid_argument("add-on room '" + name + "' has no factory");
  for (const Registered& r : registry())
    if (r.name == name)
      throw std::invalid_argument("add-on room '" + name + "' is registered already");
  registry().push_back({name, std::move(factory)});
}

std::shared_ptr<const AddOn> find_add_on(const std::string& name) {
  for (const Registered& r : registry())
    if (r.name == name) return r.make();
  return nullptr;
}

std::vector<std::string> add_on_names() {
  std::vector<std::string> out;
  for (const Registered& r : registry()) out.push_back(r.name);
  return out;
}

}  // namespace carcheck
