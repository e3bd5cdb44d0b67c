# Sandtable: the two commands of README.md.
#   make run   install what is missing, build a Release build, open the app on the
#              default scenario (scenarios/sample-inches.json)
#   make test  the same set-up, then build and run every test
# Everything else here serves those two (and `make bench`, which is not timed by CI, and
# `make package`, the .deb of packaging/).

PACKAGES := cmake g++ ninja-build qt6-base-dev qt6-svg-dev libboost-dev \
            libboost-random-dev nlohmann-json3-dev catch2 clang-format \
            libmimalloc-dev fonts-dejavu-core dpkg-dev poppler-utils desktop-file-utils appstream shared-mime-info
PRESET   ?= release
BUILD    := build/$(PRESET)
# CI runs with CI=true: there warnings are errors.
WERROR   := $(if $(filter true 1 yes,$(CI)),ON,OFF)
SUDO     := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: run test build bench deps configure clean package

run: build
	$(BUILD)/src/app/sandtable

test: build
	cd $(BUILD) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j 2

# The .deb (CPack, packaging/CMakeLists.txt), written to build/release/.
package: build
	cd $(BUILD) && cpack -G DEB

bench: deps
	cmake --preset $(PRESET) -DSANDTABLE_WERROR=$(WERROR)
	cmake --build $(BUILD) --target sandtable-bench sandtable-render-bench sandtable-replay-bench sandtable-computer-bench sandtable-refight-bench
	$(BUILD)/tests/bench/sandtable-bench
	$(BUILD)/tests/bench/sandtable-replay-bench
	$(BUILD)/tests/bench/sandtable-computer-bench
	$(BUILD)/tests/bench/sandtable-refight-bench
	QT_QPA_PLATFORM=offscreen $(BUILD)/tests/bench/sandtable-render-bench

build: configure
	cmake --build $(BUILD)

configure: deps
	cmake --preset $(PRESET) -DSANDTABLE_WERROR=$(WERROR)

# Installs only the packages that are missing, so a machine that has them all
# never calls apt-get (and never needs the network or root).
deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing Debian packages:$$missing"; \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $$missing; \
	fi

clean:
	rm -rf build
