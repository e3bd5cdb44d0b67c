#include "ein_test_support.h"
#include <catch2/catch.hpp>
