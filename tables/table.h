/* tables/table.h: a table as data, and its printers (plain text, Markdown, CSV, LaTeX, HTML).
 *
 * A pb_table holds a title, notes (what it assumes: ruleset, situation, policies, rounding),
 * columns and rows of cells. A number is stored exactly (an mpq_t) together with its text,
 * correctly rounded once when it is set (core/exact.h, half to even, at the column's places;
 * an exact zero prints as "0" so that "impossible" never looks like "rounds to zero"). Every
 * printer shows that same text, so all formats agree digit for digit; the CSV adds, for each
 * exact column, a column with the exact fraction "num/den".
 *
 * Columns may be grouped under a shared heading (Defense 1 over "P(=y)" and "P(>=y)"); a row
 * may start a new block (a rule is drawn above it). All text is ASCII; the TeX and HTML
 * printers escape it (">=" and "<=" become the proper symbols there).
 *
 * Ownership: a pb_table owns everything in it (pb_table_init / pb_table_release). Printers
 * write to a FILE * (a file or an open_memstream buffer) and never fail half-way silently:
 * they return -1 when the stream reports an error. */
#ifndef PB_TABLE_H
#define PB_TABLE_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What a column holds. */
typedef enum {
    PB_COL_TEXT,     /* a label, left-aligned */
    PB_COL_INT,      /* a whole number, right-aligned */
    PB_COL_PERCENT,  /* a probability shown as 100*q at `places` places (no % sign; the header says %) */
    PB_COL_DECIMAL,  /* a rational shown at `places` places (mean yards) */
    PB_COL_REAL,     /* a floating-point value (the drive solver's), right-aligned; no exact column */
} pb_col_kind;

typedef struct {
    char *name;      /* header text */
    char *group;     /* shared heading over consecutive columns with the same group, or NULL */
    pb_col_kind kind;
    int places;
} pb_table_col;

typedef struct {
    bool set;        /* false: an empty cell ("-": not applicable) */
    bool has_q;      /* the cell holds an exact value q */
    char *text;      /* what every printer shows */
    mpq_t q;         /* initialized only when has_q */
    bool has_real;   /* a REAL column's value, kept for the CSV's full precision */
    double real;
} pb_table_cell;

typedef struct {
    char *id;        /* file name stem, e.g. "card-td-togo50" ([a-z0-9-] only) */
    char *title;
    char **notes;    /* one line each */
    size_t nnotes;
    pb_table_col *cols;
    size_t ncols;
    pb_table_cell *cells;  /* row-major, nrows * ncols */
    bool *block;           /* block[r]: a rule above row r */
    size_t nrows, rowcap;
    bool failed;           /* out of memory: what was added since is missing (the writer says so) */
} pb_table;

/* Output formats, as bits so that a set of them fits in an unsigned. */
typedef enum {
    PB_FMT_TXT = 1u << 0,
    PB_FMT_MD = 1u << 1,
    PB_FMT_CSV = 1u << 2,
    PB_FMT_TEX = 1u << 3,
    PB_FMT_HTML = 1u << 4,  /* a <table> fragment (the report); `tables --format html` means the report */
} pb_table_format;
#define PB_FMT_ALL (PB_FMT_TXT | PB_FMT_MD | PB_FMT_CSV | PB_FMT_TEX | PB_FMT_HTML)

/* "txt,md,csv,tex,html" -> a set of formats; -1 and a message naming the bad entry. */
int pb_table_formats_parse(const char *text, unsigned *out, char *err, size_t errlen);
/* The file extension of one format: "txt", "md", "csv", "tex", "html". */
const char *pb_table_format_ext(pb_table_format f);

/* Out of memory (here or in any adder or setter below): t->failed is set and the later adds and
 * sets do nothing; whoever builds the table checks t->failed once at the end (pb_table_build_all). */
void pb_table_init(pb_table *t, const char *id, const char *title);
void pb_table_release(pb_table *t);

/* Adds a note line (printf-style). */
void pb_table_note(pb_table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Adds a column; returns its index. group may be NULL. */
size_t pb_table_col_add(pb_table *t, const char *name, const char *group, pb_col_kind kind, int places);
/* Adds an empty row; returns its index. block: draw a rule above it. */
size_t pb_table_row_add(pb_table *t, bool block);

/* Cell setters (the cell must be empty; the column kind decides the text). */
void pb_table_set_text(pb_table *t, size_t row, size_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void pb_table_set_int(pb_table *t, size_t row, size_t col, long v);
/* An exact value (canonical) for a PERCENT or DECIMAL column. */
void pb_table_set_q(pb_table *t, size_t row, size_t col, const mpq_t q);
/* A floating-point value for a REAL column: printf's "%.*f" at the column's places (the
 * correctly rounded decimal of the double), or "0" for an exact zero. */
void pb_table_set_real(pb_table *t, size_t row, size_t col, double v);

const pb_table_cell *pb_table_cell_at(const pb_table *t, size_t row, size_t col);

/* The text of an exact value as a column of this kind shows it (buf of at least 64 bytes for
 * probabilities and means of play values): "12.50", "0" for an exact zero. */
void pb_table_number_text(char *buf, size_t len, const mpq_t q, pb_col_kind kind, int places);

/* Print the table in one format (not PB_FMT_HTML: see pb_table_write_html). 0, or -1 when
 * the stream failed. */
int pb_table_write(const pb_table *t, pb_table_format f, FILE *out);
/* The table as an HTML fragment: <figure id="t-ID"> with a <table>, its caption and notes. */
int pb_table_write_html(const pb_table *t, FILE *out);
/* The same without the link to the table's files (ID.csv ...): for a page written alone. */
int pb_table_write_html_alone(const pb_table *t, FILE *out);

/* The table as CSV (table_csv.c): the header row, the rows, an empty line, the notes. */
int pb_table_write_csv(const pb_table *t, FILE *out);
/* An exact value as the CSV writes it: the reduced fraction, an integer without "/1" ("0", "1",
 * "17/18"); buf of pb_exact_fraction_size(q) bytes. */
void pb_table_csv_fraction(char *buf, size_t len, const mpq_t q);
/* q correctly rounded (half to even) to `digits` significant digits, in positional notation
 * without trailing zeros ("0.94444444444444444", "100", "0"; a whole number of more digits
 * prints whole); buf of
 * pb_table_csv_significant_size(q, digits) bytes. */
void pb_table_csv_significant(char *buf, size_t len, const mpq_t q, int digits);
size_t pb_table_csv_significant_size(const mpq_t q, int digits);
/* A double in the fewest significant digits (at most 17) that read back as the same double
 * ("0.1", "-3.8125", "0"); buf of at least 32 bytes. */
void pb_table_csv_real(char *buf, size_t len, double v);

/* Escapers, shared with the report: text for LaTeX and for HTML. */
void pb_table_put_tex(FILE *out, const char *s);
void pb_table_put_html(FILE *out, const char *s);

#endif
