#include <gtest/gtest.h>
TEST(Tiles, Placeholder) {}
