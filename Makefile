# paperbowl: build, test, tables, benchmarks.
# Sources are found by directory: a new .c file in core/ enumerate/ sim/ solve/ ask/ tables/
# verify/ joins the library, one in cli/ joins the command line, a new tests/*.c joins the test binary (its `Suite *pb_suite_NAME(void)` is found
# by grep), so modules never edit this file to add a file.

BUILD    ?= build
CC       ?= cc
SAN      ?=
OPT      ?= -O2
WERROR   ?= -Werror
LIB_DIRS  = core enumerate sim solve ask tables verify
CPPFLAGS += $(LIB_DIRS:%=-I%) -Icli -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
CFLAGS   ?= $(OPT) -g
CFLAGS   += -std=c11 -Wall -Wextra $(WERROR) -pthread -MMD -MP
LDLIBS   += -lmpfr -lgmp -linih -ljansson -lm -pthread
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lrt -lm)

ifeq ($(SAN),1)
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
OPT      = -O1
endif

DEPS_PKGS = libgmp-dev libmpfr-dev check libinih-dev libjansson-dev pkg-config lrslib
DEPS_STAMP = $(BUILD)/.deps-ok

LIB_SRC  = $(wildcard $(LIB_DIRS:%=%/*.c))
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_SRC  = $(wildcard cli/*.c)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_SRC = $(wildcard tests/*.c)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)
LIB      = $(BUILD)/libpaperbowl.a
BIN      = bin/paperbowl
TEST_BIN = $(BUILD)/test-paperbowl

.PHONY: FORCE all deps check test asan tables bench fuzz clean report-pdf ask-examples fuzz-ask
all: $(BIN)

deps: $(DEPS_STAMP)
$(DEPS_STAMP): tools/install-deps.sh
	@mkdir -p $(BUILD)
	@sh tools/install-deps.sh $(DEPS_PKGS)
	@touch $@

$(BUILD)/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# the embedded rulesets are assembled into core/rules_embedded.o
$(BUILD)/core/rules_embedded.o: $(wildcard rules/*.ini)
$(BUILD)/sim/strategies_embedded.o: $(wildcard strategies/*.ini)

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BIN): $(BUILD)/paperbowl.o $(CLI_OBJ) $(LIB_OBJ)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# regenerated on every make; replaced only when the list of suites changed
$(BUILD)/tests/suites.h: FORCE | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	@grep -ho 'Suite \*pb_suite_[a-z0-9_]*(void)' $(TEST_SRC) | sed 's/Suite \*\(pb_suite_[a-z0-9_]*\)(void)/PB_SUITE(\1)/' | sort -u > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
FORCE:

$(BUILD)/tests/main.o: $(BUILD)/tests/suites.h
$(BUILD)/tests/%.o: CPPFLAGS += -I$(BUILD)/tests -Itests

$(TEST_BIN): $(TEST_OBJ) $(CLI_OBJ) $(LIB_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(CHECK_LIBS)

# make check: every test, on the normal build.
check: $(BIN) $(TEST_BIN)
	sh tests/layering.sh
	sh tests/layering.sh --self-test
	$(TEST_BIN)
	sh tests/rulings.sh $(BIN)
	sh tests/cli.sh $(BIN)
	sh tests/golden.sh $(BIN) $(BUILD)/golden
	sh tools/install-chromium.sh
	sh tests/browser.sh $(BIN) $(BUILD)/browser

test: check

# make asan: the same tests under AddressSanitizer + UndefinedBehaviorSanitizer.
# (sanitized code runs several times slower: Check's per-test time limits are stretched)
asan:
	CK_TIMEOUT_MULTIPLIER=4 $(MAKE) BUILD=build-asan SAN=1 BIN=build-asan/paperbowl check

tables: $(BIN)
	$(BIN) tables --out out

# the report's stylesheet and script are assembled into tables/report_assets.o
$(BUILD)/tables/report_assets.o: tables/report.css tables/report.js

# make report-pdf: out/report.pdf printed by headless Chromium (installed when missing).
report-pdf: tables
	sh tools/report-pdf.sh out/report.html out/report.pdf

# make golden-update: rewrite the golden tables (tests/golden/) from the current build, then
# review `git diff tests/golden`; `make check` compares them byte for byte.
.PHONY: golden-update
golden-update: $(BIN)
	sh tests/golden.sh $(BIN) $(BUILD)/golden --update

bench: $(BIN)
	sh tools/bench.sh $(BIN)

clean:
	rm -rf build-fuzz
	rm -rf build build-asan bin

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(BUILD)/paperbowl.d

# make fuzz: libFuzzer on the ruleset loader for FUZZ_SECONDS (default 60); the corpus starts
# from the shipped rulesets; crashes land in build-fuzz/ (copy them into tests/test_ruleset.c).
FUZZ_SECONDS ?= 60
FUZZ_SRC = core/ruleset_load.c core/rules_embedded.c core/switches.c core/ini_source.c core/textfile.c
fuzz: $(DEPS_STAMP)
	@mkdir -p build-fuzz/corpus
	cp rules/*.ini build-fuzz/corpus/
	clang -g -O1 -fsanitize=fuzzer,address,undefined $(CPPFLAGS) -o build-fuzz/fuzz_ruleset tests/fuzz/fuzz_ruleset.c $(FUZZ_SRC) -linih
	cd build-fuzz && ./fuzz_ruleset -max_total_time=$(FUZZ_SECONDS) -max_len=4096 corpus

# make ask-examples: the worked designer questions of tools/ask_examples.txt, answered by the
# current build, written to doc/ask-examples.md (the README's `ask` section points there).
ask-examples: $(BIN)
	sh tools/ask_examples.sh $(BIN) doc/ask-examples.md

# make fuzz-ask: libFuzzer on the question reader of `paperbowl ask` (questions, --define
# texts, --weight files) for FUZZ_SECONDS; the corpus starts from tests/fuzz/ask_seeds.txt;
# what it finds goes into tests/ask.c (fuzz_regressions).
FUZZ_ASK_SRC = ask/ask_parse.c ask/ask_values.c ask/ask_event.c ask/ask_weight.c \
               core/switches.c core/situation.c core/outcome.c core/play.c core/special.c core/oracle.c \
               core/trace.c core/ruleset_load.c core/rules_embedded.c
fuzz-ask: $(DEPS_STAMP)
	@mkdir -p build-fuzz/corpus-ask
	@n=0; while IFS= read -r line; do n=$$((n+1)); printf '%s' "$$line" > build-fuzz/corpus-ask/seed$$n; done < tests/fuzz/ask_seeds.txt
	clang -g -O1 -fsanitize=fuzzer,address,undefined $(CPPFLAGS) -o build-fuzz/fuzz_ask tests/fuzz/fuzz_ask.c $(FUZZ_ASK_SRC) -linih -lgmp
	cd build-fuzz && ./fuzz_ask -max_total_time=$(FUZZ_SECONDS) -max_len=512 -timeout=5 corpus-ask
