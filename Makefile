# paperbowl: build, test, tables, benchmarks.
# Sources are found by directory: a new .c file in core/ enumerate/ sim/ solve/ ask/ tables/ tune/
# verify/ joins the library, one in cli/ joins the command line, a new tests/*.c joins the test binary (its `Suite *pb_suite_NAME(void)` is found
# by grep), so modules never edit this file to add a file.

# every core compiles, unless the command line says how many jobs (make -jN)
ifeq (,$(filter -j%,$(MAKEFLAGS)))
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif

BUILD    ?= build
CC       ?= cc
SAN      ?=
OPT      ?= -O2
WERROR   ?= -Werror
LIB_DIRS  = core enumerate sim solve ask tables verify tune soccer carriers cardgame
CPPFLAGS += $(LIB_DIRS:%=-I%) -Icli -Iserve -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
CFLAGS   ?= $(OPT) -g
CFLAGS   += -std=c11 -Wall -Wextra $(WERROR) -pthread -MMD -MP
LDLIBS   += -lmpfr -lgmp -linih -ljansson -lmicrohttpd -lm -pthread
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lrt -lm)

ifeq ($(SAN),1)
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
OPT      = -O1
endif

# the compiler too (gcc: cc; libc6-dev, which gcc only recommends: installs go without recommends)
DEPS_PKGS = gcc libc6-dev libgmp-dev libmpfr-dev check libinih-dev libjansson-dev pkg-config lrslib gettext \
            libmicrohttpd-dev
# what make check's tests run beyond those: Debian's time and python3 (tests/bench.sh runs the
# benchmarks' failure paths), man (tests/manpage.sh reads the man page with man --warnings);
# the MPI, browser and install steps install their own (make mpi, tools/install-chromium.sh)
CHECK_PKGS = time python3 man-db
DEPS_STAMP = $(BUILD)/.deps-ok
# the MPI build's own (make mpi, and tests/mpi.sh in make check): the plain build needs none of it
MPI_PKGS  = libopenmpi-dev openmpi-bin
MPI_STAMP = $(BUILD)/.mpi-deps-ok
MPICC    ?= mpicc

LIB_SRC  = $(wildcard $(LIB_DIRS:%=%/*.c))
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_SRC  = $(wildcard cli/*.c)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
# serve/: the workbench's HTTP server (`paperbowl serve`, GNU libmicrohttpd), on the floor of cli/:
# linked into the command, never into the library (no library room includes it)
SERVE_SRC = $(wildcard serve/*.c)
SERVE_OBJ = $(SERVE_SRC:%.c=$(BUILD)/%.o)
TEST_SRC = $(wildcard tests/*.c)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)
LIB      = $(BUILD)/libpaperbowl.a
BIN      = bin/paperbowl
TEST_BIN = $(BUILD)/test-paperbowl

.PHONY: FORCE all deps serve check test asan tables bench fuzz clean report-pdf ask-examples fuzz-ask install uninstall examples mpi reference
all: $(BIN)

deps: $(DEPS_STAMP)
$(DEPS_STAMP): tools/install-deps.sh Makefile
	@mkdir -p $(BUILD)
	@sh tools/install-deps.sh $(DEPS_PKGS)
	@touch $@

$(BUILD)/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# `paperbowl --version` prints the VERSION below (main.o is rebuilt when it changes)
$(BUILD)/cli/main.o: CPPFLAGS += -DPB_VERSION='"$(VERSION)"'
$(BUILD)/cli/main.o: $(BUILD)/.version
$(BUILD)/.version: FORCE
	@mkdir -p $(BUILD)
	@echo '$(VERSION)' > $@.tmp.$$$$ && if cmp -s $@.tmp.$$$$ $@; then rm -f $@.tmp.$$$$; else mv $@.tmp.$$$$ $@; fi

# the embedded rulesets are assembled into core/rules_embedded.o
$(BUILD)/core/rules_embedded.o: $(wildcard rules/*.ini)
$(BUILD)/sim/strategies_embedded.o: $(wildcard strategies/*.ini)
$(BUILD)/soccer/soccer_embedded.o: soccer/tactics.ini
$(BUILD)/carriers/carriers_embedded.o: carriers/carriers.ini
$(BUILD)/cardgame/cardgame_embedded.o: cardgame/cardgame.ini

# the message catalogue (core/msg.h): po/ja.po compiled by msgfmt --check and embedded into
# core/msg_embedded.o; make po extracts the marked strings into po/paperbowl.pot (xgettext) and
# merges them into po/ja.po (msgmerge); tests/catalogue.sh fails when either is out of date or a
# message has no Japanese.
$(BUILD)/po/ja.mo: po/ja.po | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	msgfmt --check --output-file=$@ po/ja.po
$(BUILD)/core/msg_embedded.o: $(BUILD)/po/ja.mo
$(BUILD)/core/msg_embedded.o: CPPFLAGS += -DPB_MO_JA='"$(BUILD)/po/ja.mo"'
.PHONY: po
po: | $(DEPS_STAMP)
	sh tools/po-update.sh

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BIN): $(BUILD)/paperbowl.o $(CLI_OBJ) $(SERVE_OBJ) $(LIB_OBJ)
	@mkdir -p bin
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# make mpi: bin/paperbowl-mpi (next to $(BIN)), the commands that run over MPI's ranks: mpi/*.c
# built with mpicc (Open MPI, installed when missing), linked with the same cli/ and library
# objects as $(BIN). Not in LIB_DIRS: nothing else needs MPI's headers. README.md, "MPI".
MPI_SRC  = $(wildcard mpi/*.c)
MPI_OBJ  = $(MPI_SRC:%.c=$(BUILD)/%.o)
MPI_BIN  = $(dir $(BIN))paperbowl-mpi
mpi: $(MPI_BIN)
$(MPI_STAMP): tools/install-deps.sh
	@mkdir -p $(BUILD)
	@sh tools/install-deps.sh $(MPI_PKGS)
	@touch $@
$(BUILD)/mpi/%.o: mpi/%.c | $(DEPS_STAMP) $(MPI_STAMP)
	@mkdir -p $(dir $@)
	$(MPICC) $(CPPFLAGS) -Impi $(CFLAGS) -c $< -o $@
$(MPI_BIN): $(MPI_OBJ) $(CLI_OBJ) $(SERVE_OBJ) $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(MPICC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# regenerated on every make; replaced only when the list of suites changed
$(BUILD)/tests/suites.h: FORCE | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	@grep -ho 'Suite \*pb_suite_[a-z0-9_]*(void)' $(TEST_SRC) | sed 's/Suite \*\(pb_suite_[a-z0-9_]*\)(void)/PB_SUITE(\1)/' | sort -u > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
FORCE:

$(BUILD)/tests/main.o: $(BUILD)/tests/suites.h
$(BUILD)/tests/%.o: CPPFLAGS += -I$(BUILD)/tests -Itests

$(TEST_BIN): $(TEST_OBJ) $(CLI_OBJ) $(SERVE_OBJ) $(LIB_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(CHECK_LIBS)

# make check: every test, on the normal build: tests/check.sh runs the Check suites and the shell
# tests as independent steps, two at a time, the longest first, and prints each step's output
# whole and the long steps' times (PB_CHECK_JOBS, PB_CHECK_ONLY: see the script). The library is
# made first: the steps that run make (install, mpi) side by side then only read it.
check: $(BIN) $(TEST_BIN) $(LIB)
	@sh tools/install-deps.sh $(CHECK_PKGS)
	PB_TEX_PKGS='$(TEX_PKGS)' MAKE='$(MAKE)' BUILD='$(BUILD)' SAN='$(SAN)' CC='$(CC)' LDFLAGS='$(LDFLAGS)' CPPFLAGS='$(CPPFLAGS)' LDLIBS='$(LDLIBS)' \
	    bash tests/check.sh $(BIN) $(TEST_BIN)

test: check

# make asan: the same tests under AddressSanitizer + UndefinedBehaviorSanitizer.
# (sanitized code runs several times slower: Check's per-test time limits are stretched)
asan:
	CK_TIMEOUT_MULTIPLIER=4 $(MAKE) BUILD=build-asan SAN=1 BIN=build-asan/paperbowl check

# make tables: the tables and the report with the game solver's section (win probability), from
# out/game-v1.11-ja.pbv: solved once into out/ (on 2 cores about 5 minutes with AVX-512, 25 with
# AVX2 only; the rule tables and the report without the game section are written first) and
# reused while it is fresh (the same ruleset, switches, policies and file version; else solved
# again). game-tables:
# the same (its old name); rule-tables: without the game section (no solve).
.PHONY: game-tables rule-tables
tables: $(BIN)
	$(BIN) tables --game --out out

game-tables: tables

rule-tables: $(BIN)
	$(BIN) tables --out out

# make serve: the workbench (doc/serve.md) on the default ruleset; its page is assembled into
# serve/serve_assets.o
SERVE_ARGS ?=
serve: $(BIN)
	$(BIN) serve $(SERVE_ARGS)
$(BUILD)/serve/serve_assets.o: serve/page.html serve/page.js serve/page.css

# the report's stylesheet and script are assembled into tables/report_assets.o
$(BUILD)/tables/report_assets.o: tables/report.css tables/report.js

# make rulebook: the rulebook edition of the two embedded rulesets, out/rulebook-ja.pdf (v1.11-ja, in
# Japanese) and out/rulebook-en.pdf (v1.11-en, in English), typeset by LuaLaTeX from their LaTeX
# sources beside them (tables --edition rulebook, each table also a fragment in out/rulebook-LANG/).
# The charts are by win probability when out/game-RULESET.pbv is at hand (make tables), else by
# drive EP. TeX Live's LuaTeX with luatexja (its HaranoAji fonts), booktabs and poppler's tools are
# installed when missing (about 3 minutes; a few hundred MB). golden-rulebook-update: rewrite the
# edition's golden files (tests/golden-rulebook/) from the current build.
TEX_PKGS  = texlive-luatex texlive-lang-japanese texlive-latex-recommended poppler-utils
TEX_STAMP = $(BUILD)/.tex-deps-ok
$(TEX_STAMP): tools/install-deps.sh
	@mkdir -p $(BUILD)
	@sh tools/install-deps.sh $(TEX_PKGS)
	@touch $@
.PHONY: rulebook tex-deps golden-rulebook-update
tex-deps: $(TEX_STAMP)
rulebook: $(BIN) $(TEX_STAMP)
	$(BIN) tables --edition rulebook --ruleset v1.11-ja --out out --quiet
	$(BIN) tables --edition rulebook --ruleset v1.11-en --out out --quiet
	sh tools/rulebook-pdf.sh out/rulebook-ja.tex out/rulebook-en.tex

golden-rulebook-update: $(BIN)
	sh tests/rulebook.sh $(BIN) $(BUILD)/rulebook --update

# make report-pdf: out/report.pdf printed by headless Chromium (installed when missing).
report-pdf: tables
	sh tools/report-pdf.sh out/report.html out/report.pdf

# make golden-update: rewrite the golden tables (tests/golden/) from the current build, then
# review `git diff tests/golden`; `make check` compares them byte for byte.
.PHONY: golden-update
golden-update: $(BIN)
	sh tests/golden.sh $(BIN) $(BUILD)/golden --update

# make bench: the benchmarks' own tools (Debian's time for /usr/bin/time, python3 for the drive
# solver's comparison) are installed when missing; any benchmark failing fails the target.
# $(BUILD)/peak (tools/peak.c) measures the machine's rate of the solver's entry sums.
BENCH_PKGS = time python3
bench: $(BIN) $(BUILD)/peak
	@sh tools/install-deps.sh $(BENCH_PKGS)
	PB_PEAK=$(BUILD)/peak sh tools/bench.sh $(BIN)

$(BUILD)/peak: tools/peak.c | $(DEPS_STAMP)
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(LDFLAGS) $< -o $@

# make install [PREFIX=/usr/local] [DESTDIR=]: the command, the library (every room but cli/),
# its public headers as $(PREFIX)/include/paperbowl/*.h (`#include <paperbowl/enumerate.h>`;
# paperbowl.h includes them all) and paperbowl.pc for `pkg-config --cflags --libs paperbowl`.
# Also the man page $(PREFIX)/share/man/man1/paperbowl.1 and the bash completion
# $(PREFIX)/share/bash-completion/completions/paperbowl, both written from the help texts.
# make uninstall, with the same PREFIX and DESTDIR, removes exactly those files, and of the folders
# the install made (INSTALLED_DIRS lists them) those it leaves empty; a folder that was there
# before the install, or that holds anything else, stays. The C API:
# doc/api.md. make examples: examples/*.c built against $(BUILD)'s library and staged headers.
PREFIX       ?= /usr/local
DESTDIR      ?=
VERSION      ?= 0.1
bindir        = $(PREFIX)/bin
libdir        = $(PREFIX)/lib
includedir    = $(PREFIX)/include
pkgconfigdir  = $(libdir)/pkgconfig
man1dir       = $(PREFIX)/share/man/man1
bashcompdir   = $(PREFIX)/share/bash-completion/completions
# what a program needs to load a ruleset, set a situation, enumerate a cell and play games,
# with every header those include; and whatever the solvers declare (not their *_internal.h)
PUBLIC_H      = core/ruleset.h core/switches.h core/oracle.h core/play.h core/trace.h core/progress.h enumerate/enumerate.h \
                sim/rng.h sim/strategy.h sim/sim_oracle.h sim/game.h sim/sim.h \
                $(filter-out %_internal.h,$(wildcard solve/*.h))
INC_DIR       = $(BUILD)/include/paperbowl
INC_FILES     = $(addprefix $(INC_DIR)/,$(notdir $(PUBLIC_H)) paperbowl.h)
PC            = $(BUILD)/paperbowl.pc
EXAMPLE_SRC   = $(wildcard examples/*.c)
EXAMPLE_BIN   = $(EXAMPLE_SRC:%.c=$(BUILD)/%)

# the staged include directory: the public headers and the umbrella header, remade when a
# header changes or the list does (a header dropped from the list leaves no stale copy)
$(BUILD)/include/.public-headers: FORCE
	@mkdir -p $(dir $@)
	@echo '$(PUBLIC_H)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(INC_DIR)/paperbowl.h: $(PUBLIC_H) $(BUILD)/include/.public-headers
	@mkdir -p $(INC_DIR)
	@rm -f $(INC_DIR)/*.h
	cp $(PUBLIC_H) $(INC_DIR)/
	@{ echo '/* paperbowl/paperbowl.h: every public header of the paperbowl library (doc/api.md).'; \
	   echo ' * Written by make from the list PUBLIC_H in the Makefile. */'; \
	   echo '#ifndef PB_PAPERBOWL_H'; echo '#define PB_PAPERBOWL_H'; echo; \
	   for h in $(notdir $(PUBLIC_H)); do echo "#include \"$$h\""; done; \
	   echo; echo '#endif'; } > $@.tmp && mv $@.tmp $@

# paperbowl.pc for this PREFIX (rewritten only when it changes)
$(PC): tools/paperbowl.pc.in FORCE
	@mkdir -p $(dir $@)
	@sed -e 's|@prefix@|$(PREFIX)|g' -e 's|@libdir@|$(libdir)|g' -e 's|@includedir@|$(includedir)|g' \
	     -e 's|@version@|$(VERSION)|g' tools/paperbowl.pc.in > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

# the man page and the bash completion, written from the help texts' table (tools/help-table.sh;
# tools/manpage.sh, tools/completion.sh; tested by tests/manpage.sh, tests/completion.sh)
MAN_PAGE      = $(BUILD)/paperbowl.1
COMPLETION    = $(BUILD)/paperbowl.bash
$(MAN_PAGE): $(BIN) tools/manpage.sh tools/help-table.sh
	sh tools/manpage.sh $(BIN) $(VERSION) > $@.tmp && mv $@.tmp $@
$(COMPLETION): $(BIN) tools/completion.sh tools/help-table.sh $(wildcard strategies/*.ini)
	sh tools/completion.sh $(BIN) > $@.tmp && mv $@.tmp $@

# the folders the files go in, each after its parent; the ones that are not there before are made
# and listed in INSTALLED_DIRS (kept across installs), and only those are removed by uninstall
# (when empty): a folder that was there before (Debian's /usr/local/share/man) stays
INSTALL_DIRS  = $(bindir) $(libdir) $(pkgconfigdir) $(includedir) $(includedir)/paperbowl $(PREFIX)/share \
                $(PREFIX)/share/man $(man1dir) $(PREFIX)/share/bash-completion $(bashcompdir) $(PREFIX)/share/paperbowl
INSTALLED_DIRS = $(PREFIX)/share/paperbowl/installed-dirs
install: $(BIN) $(LIB) $(INC_DIR)/paperbowl.h $(PC) $(MAN_PAGE) $(COMPLETION)
	@made=; for d in $(INSTALL_DIRS); do [ -d "$(DESTDIR)$$d" ] || made="$$made $$d"; done; \
	    install -d $(addprefix $(DESTDIR),$(INSTALL_DIRS)) && \
	    { cat "$(DESTDIR)$(INSTALLED_DIRS)" 2>/dev/null; for d in $$made; do echo "$$d"; done; } | \
	        awk '!seen[$$0]++' > "$(DESTDIR)$(INSTALLED_DIRS).tmp" && \
	    mv "$(DESTDIR)$(INSTALLED_DIRS).tmp" "$(DESTDIR)$(INSTALLED_DIRS)" && chmod 644 "$(DESTDIR)$(INSTALLED_DIRS)"
	install -m 644 $(MAN_PAGE) $(DESTDIR)$(man1dir)/paperbowl.1
	install -m 644 $(COMPLETION) $(DESTDIR)$(bashcompdir)/paperbowl
	install -m 755 $(BIN) $(DESTDIR)$(bindir)/paperbowl
	install -m 644 $(LIB) $(DESTDIR)$(libdir)/libpaperbowl.a
	install -m 644 $(INC_FILES) $(DESTDIR)$(includedir)/paperbowl/
	install -m 644 $(PC) $(DESTDIR)$(pkgconfigdir)/paperbowl.pc

uninstall:
	rm -f $(DESTDIR)$(bindir)/paperbowl $(DESTDIR)$(libdir)/libpaperbowl.a $(DESTDIR)$(pkgconfigdir)/paperbowl.pc
	rm -f $(DESTDIR)$(man1dir)/paperbowl.1 $(DESTDIR)$(bashcompdir)/paperbowl
	rm -f $(addprefix $(DESTDIR)$(includedir)/paperbowl/,$(notdir $(INC_FILES)))
	@made=$$(cat "$(DESTDIR)$(INSTALLED_DIRS)" 2>/dev/null); rm -f "$(DESTDIR)$(INSTALLED_DIRS)"; \
	    for d in $$(printf '%s\n' $$made | awk '{ l[NR] = $$0 } END { for (i = NR; i > 0; i--) print l[i] }'); do \
	        rmdir "$(DESTDIR)$$d" 2>/dev/null || true; done

examples: $(EXAMPLE_BIN)
$(BUILD)/examples/%: examples/%.c $(LIB) $(INC_DIR)/paperbowl.h
	@mkdir -p $(dir $@)
	$(CC) $(OPT) -g -std=c11 -Wall -Wextra $(WERROR) -I$(BUILD)/include -o $@ $< $(LDFLAGS) $(LIB) $(LDLIBS)

clean:
	rm -rf build-fuzz
	rm -rf build build-asan bin

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(SERVE_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(MPI_OBJ:.o=.d) $(BUILD)/paperbowl.d

# make fuzz: every libFuzzer target of tests/fuzz/ for FUZZ_SECONDS each (default 60), built with
# clang under ASan + UBSan (tools/fuzz.sh: clang, libFuzzer's runtime and llvm-symbolizer installed
# when missing): the ruleset loader (corpus: the shipped rulesets), the strategy parser (the shipped
# strategies), the number parser (core/num_parse.c), the other games' readers
# (tests/fuzz/fuzz_games.c), the value-file reader (a value file of tests/data/game_tiny.ini; its
# library built with PB_FUZZ_NO_CHECKSUM so that a changed payload is read on past the checksum, up
# to the play tables, which are the ruleset's and seconds to rebuild) and the question reader of
# `ask` (tests/fuzz/ask_seeds.txt). Each first replays the inputs kept in tests/fuzz/regress/TARGET/;
# a new crash input lands in build-fuzz/crashes/TARGET/: fix it and keep it there. `make check`
# runs the same for a few seconds each. make fuzz-ask: the question reader alone.
FUZZ_SECONDS ?= 60
fuzz: $(DEPS_STAMP) $(BIN)
	MAKE='$(MAKE)' CPPFLAGS='$(CPPFLAGS)' LDLIBS='$(LDLIBS)' sh tools/fuzz.sh $(BIN) $(FUZZ_SECONDS)

# make ask-examples: the worked designer questions of tools/ask_examples.txt, answered by the
# current build, written to doc/ask-examples.md (the README's `ask` section points there).
ask-examples: $(BIN)
	sh tools/ask_examples.sh $(BIN) doc/ask-examples.md

# make reference: doc/reference.md, every command's --help (tools/reference.sh, as the man page is
# written); tests/docs.sh fails when the committed page differs from what the help texts say now.
reference: $(BIN)
	sh tools/reference.sh $(BIN) > doc/reference.md.tmp && mv doc/reference.md.tmp doc/reference.md

# make fuzz-ask: the question reader of `paperbowl ask` alone (tools/fuzz.sh ... ask).
fuzz-ask: $(DEPS_STAMP) $(BIN)
	MAKE='$(MAKE)' CPPFLAGS='$(CPPFLAGS)' LDLIBS='$(LDLIBS)' sh tools/fuzz.sh $(BIN) $(FUZZ_SECONDS) ask
