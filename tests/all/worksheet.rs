//! `--print worksheet`: the 4-Queens sheet against its golden file, the
//! answer key against `--print table`, which cells `--blanks` and `--seed`
//! hide, the one-page limit, the node cap, and the option errors.

use crate::{backstep, stderr_text, stdout_text};

const QUEENS4_WORKSHEET: &str = include_str!("../fixtures/queens4-worksheet.md");

/// What a blank looks like: underscores only, at least four.
fn is_blank(cell: &str) -> bool {
    cell.len() >= 4 && cell.chars().all(|c| c == '_')
}

/// Runs the binary, expecting success, and returns standard output.
fn run_ok(args: &[&str]) -> String {
    let output = backstep(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: stderr: {}",
        stderr_text(&output)
    );
    stdout_text(&output)
}

/// The worksheet for `args` with any extra worksheet options.
fn sheet(args: &[&str], extra: &[&str]) -> String {
    let mut full = args.to_vec();
    full.extend(["--print", "worksheet"]);
    full.extend(extra);
    run_ok(&full)
}

/// The table lines (`| ... |`) of the section that starts at `heading`
/// and runs to the next `## ` heading.
fn table_in(sheet: &str, heading: &str) -> Vec<String> {
    let start = sheet
        .find(heading)
        .unwrap_or_else(|| panic!("no {heading:?} in:\n{sheet}"));
    sheet[start + heading.len()..]
        .lines()
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with('|'))
        .map(str::to_string)
        .collect()
}

fn trace_table(sheet: &str) -> Vec<String> {
    table_in(sheet, "## Trace table")
}

fn answer_key(sheet: &str) -> Vec<String> {
    table_in(sheet, "## Answer key")
}

/// The cells of one Markdown table line.
fn cells(line: &str) -> Vec<String> {
    line.trim()
        .trim_start_matches('|')
        .trim_end_matches('|')
        .split(" | ")
        .map(|c| c.trim().to_string())
        .collect()
}

/// The searches the tests run across: every search, and both N-Queens
/// variants that change the table's words.
const SEARCHES: &[&[&str]] = &[
    &["queens", "4"],
    &["queens", "5", "--full"],
    &["queens", "3", "--check-at-end"],
    &["sudoku", "campus"],
    &["sudoku", "unsat4"],
    &["word"],
    &["word", "--word", "SEE"],
];

#[test]
fn queens4_worksheet_matches_the_golden_file() {
    let text = sheet(&["queens", "4"], &[]);
    assert_eq!(text, QUEENS4_WORKSHEET);
}

#[test]
fn the_answer_key_is_the_print_table_output() {
    for args in SEARCHES {
        let key = answer_key(&sheet(args, &[])).join("\n") + "\n";
        let mut table_args = args.to_vec();
        table_args.extend(["--print", "table"]);
        assert_eq!(key, run_ok(&table_args), "{args:?}");
    }
}

#[test]
fn the_default_blanks_are_legal_and_outcome() {
    let default = sheet(&["queens", "4"], &[]);
    let explicit = sheet(&["queens", "4"], &["--blanks", "legal,outcome"]);
    assert_eq!(default, explicit);
}

/// Checks that the trace table hides exactly `columns` (by header name),
/// except the cells whose answer is `-`, and shows every other cell as the
/// answer key has it.
fn assert_hides(text: &str, columns: &[&str], what: &str) {
    let (trace, key) = (trace_table(text), answer_key(text));
    assert_eq!(trace.len(), key.len(), "{what}: row count");
    assert!(trace.len() > 2, "{what}: the table has rows");
    let header = cells(&trace[0]);
    assert_eq!(header, cells(&key[0]), "{what}: header");
    assert_eq!(trace[1], key[1], "{what}: separator");
    for (t, k) in trace[2..].iter().zip(&key[2..]) {
        let (t, k) = (cells(t), cells(k));
        assert_eq!(t.len(), header.len(), "{what}: {t:?}");
        for (j, name) in header.iter().enumerate() {
            if columns.contains(&name.as_str()) && k[j] != "-" {
                assert!(is_blank(&t[j]), "{what}: {name} shown in {t:?}");
            } else {
                assert_eq!(t[j], k[j], "{what}: {name} differs from the key");
            }
        }
    }
}

#[test]
fn blanks_hide_the_chosen_columns_and_nothing_else() {
    let queens = ["queens", "4"];
    let sudoku = ["sudoku", "campus"];
    let word = ["word", "--word", "SEE"];
    let cases: &[(&[&str], &str, &[&str])] = &[
        (&queens, "masks", &["C", "H", "L"]),
        (&queens, "legal", &["legal"]),
        (&queens, "outcome", &["outcome"]),
        (&queens, "masks,outcome", &["C", "H", "L", "outcome"]),
        (
            &queens,
            "all",
            &["prefix", "C", "H", "L", "legal", "outcome"],
        ),
        (&sudoku, "masks", &["cell"]),
        (&sudoku, "legal", &["candidates"]),
        (&sudoku, "legal,outcome", &["candidates", "outcome"]),
        (&sudoku, "all", &["cell", "candidates", "outcome"]),
        (&word, "masks", &["index", "letter"]),
        (&word, "legal", &["cell"]),
        (&word, "outcome", &["outcome"]),
        (&word, "all", &["cell", "index", "letter", "outcome"]),
    ];
    for (args, blanks, columns) in cases {
        let text = sheet(args, &["--blanks", blanks]);
        assert_hides(&text, columns, &format!("{args:?} --blanks {blanks}"));
    }
    // The default, for every search.
    let default: &[(&[&str], &[&str])] = &[
        (&queens, &["legal", "outcome"]),
        (&sudoku, &["candidates", "outcome"]),
        (&word, &["cell", "outcome"]),
    ];
    for (args, columns) in default {
        assert_hides(&sheet(args, &[]), columns, &format!("{args:?}"));
    }
}

/// The hidden cells of a sheet's trace table, as (row, column) pairs, after
/// checking that every shown cell matches the key.
fn hidden_cells(text: &str) -> Vec<(usize, usize)> {
    let (trace, key) = (trace_table(text), answer_key(text));
    assert_eq!(trace.len(), key.len());
    let mut hidden = Vec::new();
    for (i, (t, k)) in trace[2..].iter().zip(&key[2..]).enumerate() {
        let (t, k) = (cells(t), cells(k));
        for j in 0..t.len() {
            if is_blank(&t[j]) {
                hidden.push((i, j));
            } else {
                assert_eq!(t[j], k[j], "row {} column {j}", i + 1);
            }
        }
    }
    hidden
}

#[test]
fn a_seed_hides_the_same_third_of_the_cells_every_time() {
    let args = ["queens", "4"];
    let first = sheet(&args, &["--seed", "7"]);
    assert_eq!(
        first,
        sheet(&args, &["--seed", "7"]),
        "same seed, same sheet"
    );
    let hidden = hidden_cells(&first);
    // 9 rows of 6 cells besides the node number, one of them `-` (legal on
    // the full board): a third of the other 53 is 18.
    assert_eq!(hidden.len(), 18, "{first}");
    assert!(
        hidden.iter().all(|&(_, j)| j != 0),
        "the node number is never hidden"
    );
    // The random cells are not whole columns: some column is partly shown.
    let partial = (1..7).any(|j| {
        let n = hidden.iter().filter(|&&(_, c)| c == j).count();
        n > 0 && n < 9
    });
    assert!(partial, "{first}");
}

#[test]
fn different_seeds_hide_different_cells() {
    let args = ["queens", "4"];
    let sheets: Vec<Vec<(usize, usize)>> = (1..=5)
        .map(|seed| hidden_cells(&sheet(&args, &["--seed", &seed.to_string()])))
        .collect();
    for a in 0..sheets.len() {
        for b in a + 1..sheets.len() {
            assert_ne!(sheets[a], sheets[b], "seeds {} and {}", a + 1, b + 1);
        }
    }
    // The other searches too, and the node number stays in sight there.
    for args in SEARCHES {
        let one = hidden_cells(&sheet(args, &["--seed", "1"]));
        assert!(one.iter().all(|&(_, j)| j != 0), "{args:?}");
    }
}

#[test]
fn the_queens4_worksheet_fits_on_one_printed_page() {
    let text = sheet(&["queens", "4"], &[]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() <= 60, "{} lines", lines.len());
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(widest <= 100, "{widest} columns");
    // The same with every column blank and with random blanks.
    for extra in [&["--blanks", "all"][..], &["--seed", "3"]] {
        let text = sheet(&["queens", "4"], extra);
        assert!(text.lines().count() <= 60, "{extra:?}");
        assert!(text.lines().all(|l| l.chars().count() <= 100), "{extra:?}");
    }
}

#[test]
fn a_large_search_is_cut_at_sixty_nodes_and_says_so() {
    for args in [&["queens", "8"][..], &["sudoku", "inkala"]] {
        let text = sheet(args, &[]);
        assert!(text.contains("more than 60 nodes"), "{args:?}:\n{text}");
        // The header, the separator and 60 rows, in both tables.
        assert_eq!(trace_table(&text).len(), 62, "{args:?}");
        assert_eq!(answer_key(&text).len(), 62, "{args:?}");
        // A row is final at its node's first decision, so the key is
        // exactly the first rows of `--print table`, cut nodes included.
        let mut table_args = args.to_vec();
        table_args.extend(["--print", "table"]);
        let table = run_ok(&table_args);
        let first: Vec<&str> = table.lines().take(62).collect();
        assert_eq!(answer_key(&text), first, "{args:?}");
    }
}

#[test]
fn a_cell_whose_answer_is_a_dash_is_never_blank() {
    // `-` says there is nothing to write (no legal set on a full board, no
    // cell on a full grid): a blank there would ask for nothing.
    let cases: &[&[&str]] = &[
        &["queens", "4"],
        &["queens", "6", "--full"],
        &["sudoku", "campus"],
    ];
    for args in cases {
        let mut extras: Vec<Vec<String>> = vec![vec!["--blanks".into(), "all".into()]];
        extras.extend((1..=20).map(|seed| vec!["--seed".into(), seed.to_string()]));
        let mut dashes = 0;
        for extra in &extras {
            let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
            let text = sheet(args, &extra);
            let (trace, key) = (trace_table(&text), answer_key(&text));
            for (t, k) in trace[2..].iter().zip(&key[2..]) {
                let (t, k) = (cells(t), cells(k));
                for j in 0..k.len() {
                    if k[j] == "-" {
                        dashes += 1;
                        assert_eq!(t[j], "-", "{args:?} {extra:?}: {t:?}");
                    }
                }
            }
        }
        assert!(dashes > 0, "{args:?}: the key has a `-` to test with");
    }
}

#[test]
fn a_search_with_no_node_says_so() {
    let text = sheet(&["word", "--word", "ZZ"], &[]);
    assert!(text.contains("enters no node"), "{text}");
    assert!(text.contains("needs 2 x Z"), "{text}");
    assert!(trace_table(&text).is_empty() && answer_key(&text).is_empty());
}

#[test]
fn a_bad_blanks_value_exits_2_naming_it() {
    let output = backstep(&[
        "queens",
        "4",
        "--print",
        "worksheet",
        "--blanks",
        "legal,mask",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let err = stderr_text(&output);
    assert!(err.contains("'mask'"), "{err}");
    assert!(err.contains("masks, legal, outcome, all"), "{err}");
}

#[test]
fn worksheet_options_need_print_worksheet() {
    for (args, flag) in [
        (
            &["queens", "4", "--print", "table", "--blanks", "masks"][..],
            "--blanks",
        ),
        (&["sudoku", "--print", "summary", "--seed", "3"], "--seed"),
        (&["word", "--blanks", "all"], "--blanks"),
    ] {
        let output = backstep(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let err = stderr_text(&output);
        assert!(
            err.contains(&format!("{flag} applies only with --print worksheet")),
            "{args:?}: {err}"
        );
    }
    // --seed replaces --blanks, so the two together are refused.
    let output = backstep(&[
        "queens",
        "4",
        "--print",
        "worksheet",
        "--seed",
        "1",
        "--blanks",
        "all",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr_text(&output).contains("cannot be used with"));
}
