#include "lshm_test_support.h"
