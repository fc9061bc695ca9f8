//! `--print worksheet`: the 4-Queens sheet against its golden file, the
//! answer key against `--print table`, which cells `--blanks` and `--seed`
//! hide, the one-page limit, the node cap, the option errors, the
//! `backstep-command:` line and `--no-key`, and a student trying to read
//! the blanks off the cells shown (every search in the registry).

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

/// Checks that the trace table hides exactly `columns` (by header name) of
/// the first node, except the cells whose answer is `-`, shows the rest of
/// that row as the answer key has it, and leaves every later row blank but
/// its node number: from the second node on the student traces the search.
fn assert_hides(text: &str, columns: &[&str], what: &str) {
    let (trace, key) = (trace_table(text), answer_key(text));
    assert_eq!(trace.len(), key.len(), "{what}: row count");
    assert!(trace.len() > 2, "{what}: the table has rows");
    let header = cells(&trace[0]);
    assert_eq!(header, cells(&key[0]), "{what}: header");
    assert_eq!(trace[1], key[1], "{what}: separator");
    for (row, (t, k)) in trace[2..].iter().zip(&key[2..]).enumerate() {
        let (t, k) = (cells(t), cells(k));
        assert_eq!(t.len(), header.len(), "{what}: {t:?}");
        assert_eq!(t[0], k[0], "{what}: the node number is shown");
        for (j, name) in header.iter().enumerate().skip(1) {
            // The first node's outcome is blank whatever the columns: it
            // names the choice the second node's state shows.
            let blank = match row {
                0 => (columns.contains(&name.as_str()) || name == "outcome") && k[j] != "-",
                _ => true,
            };
            if blank {
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

/// Whether `--seed` picks the blanks of this search's sheet: on a search
/// that can make its own instance it makes the instance instead.
fn blanks_by_seed(args: &[&str]) -> bool {
    args[0] == "queens"
}

/// The first row with a blank (0-based) and the blank cells of that row.
fn first_blank_row(hidden: &[(usize, usize)]) -> (usize, Vec<usize>) {
    let first = hidden.iter().map(|&(i, _)| i).min().expect("a blank");
    let columns = hidden.iter().filter(|&&(i, _)| i == first).map(|&(_, j)| j);
    (first, columns.collect())
}

#[test]
fn a_seed_picks_the_node_the_student_continues_from() {
    let args = ["queens", "4"];
    let first = sheet(&args, &["--seed", "7"]);
    assert_eq!(
        first,
        sheet(&args, &["--seed", "7"]),
        "same seed, same sheet"
    );
    let hidden = hidden_cells(&first);
    let (start, columns) = first_blank_row(&hidden);
    // Never the root, and among the first half of the 9 rows.
    assert!((1..=4).contains(&start), "{first}");
    // That node's outcome (column 6) only, then every later row but its
    // node number: 6 cells a row.
    assert_eq!(columns, vec![6], "{first}");
    assert_eq!(hidden.len(), 1 + (8 - start) * 6, "{first}");
    assert!(
        hidden.iter().all(|&(_, j)| j != 0),
        "the node number is never hidden"
    );
    let note = format!(
        "node {}'s `outcome`, then every later row (seed 7).",
        start + 1
    );
    assert!(first.contains(&note), "{first}");
}

#[test]
fn different_seeds_pick_different_nodes() {
    let args = ["queens", "4"];
    let starts: std::collections::BTreeSet<usize> = (1..=20)
        .map(|seed| first_blank_row(&hidden_cells(&sheet(&args, &["--seed", &seed.to_string()]))).0)
        .collect();
    // Four nodes to pick from: twenty seeds find more than one.
    assert!(starts.len() >= 3, "{starts:?}");
    // The other searches too, and the node number stays in sight there
    // (on a search that makes its own instance, --seed makes the instance).
    for args in SEARCHES.iter().filter(|a| blanks_by_seed(a)) {
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
fn a_cell_whose_answer_is_a_dash_is_never_blank_in_a_given_row() {
    // `-` says there is nothing to write (no legal set on a full board, no
    // cell on a full grid): a blank there would ask for nothing, in the row
    // whose state the sheet gives. Rows the student traces in full are
    // blank throughout (a `-` would tell them the board is full).
    let cases: &[&[&str]] = &[
        &["queens", "1"],
        &["queens", "4"],
        &["queens", "6", "--full"],
        &["sudoku", "campus"],
    ];
    let mut dashes = 0;
    for args in cases {
        let mut extras: Vec<Vec<String>> = vec![vec!["--blanks".into(), "all".into()]];
        if blanks_by_seed(args) {
            extras.extend((1..=20).map(|seed| vec!["--seed".into(), seed.to_string()]));
        }
        for extra in &extras {
            let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
            let text = sheet(args, &extra);
            let (trace, key) = (trace_table(&text), answer_key(&text));
            let (start, _) = first_blank_row(&hidden_cells(&text));
            for (i, (t, k)) in trace[2..].iter().zip(&key[2..]).enumerate() {
                let (t, k) = (cells(t), cells(k));
                for j in 0..k.len() {
                    if k[j] == "-" && i <= start {
                        dashes += 1;
                        assert_eq!(t[j], "-", "{args:?} {extra:?}: {t:?}");
                    }
                }
            }
        }
    }
    // queens 1's second and last node is a full board, given when a seed
    // picks it.
    assert!(dashes > 0, "a `-` in a given row to test with");
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
        (&["queens", "--print", "summary", "--seed", "3"], "--seed"),
        (&["queens", "5", "--print", "table", "--no-key"], "--no-key"),
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

/// The sheet's `backstep-command:` line, checked to stand on a line of its
/// own with a blank line before and after.
fn command_line(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let at: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("backstep-command: "))
        .collect();
    assert_eq!(at.len(), 1, "one command line in:\n{text}");
    let i = at[0];
    assert!(
        i > 0 && lines[i - 1].is_empty(),
        "a blank line before:\n{text}"
    );
    assert!(lines.get(i + 1) == Some(&""), "a blank line after:\n{text}");
    lines[i]["backstep-command: ".len()..].to_string()
}

#[test]
fn the_sheet_names_the_command_that_makes_it_again() {
    let cases: &[(&[&str], &[&str], &str)] = &[
        (&["queens", "4"], &[], "queens 4"),
        (
            &["queens", "5", "--full"],
            &["--blanks", "masks"],
            "queens 5 --full",
        ),
        (
            &["sudoku", "campus", "--order", "first"],
            &["--no-key"],
            "sudoku campus --order first",
        ),
        (&["queens", "5"], &["--seed", "4"], "queens 5"),
        (
            &["word", "--word", "SEE", "--seed", "4"],
            &[],
            "word --word SEE --seed 4",
        ),
        (
            &["colour", "-m", "2", "--edges", "0-1,1-2"],
            &[],
            "colour --edges 0-1,1-2 --colours 2",
        ),
        (&["maze", "--max-nodes", "4"], &[], "maze --max-nodes 4"),
        (
            &["colour", "--vertices", "3", "--edges", ""],
            &[],
            "colour --vertices 3 --edges ''",
        ),
    ];
    for (args, extra, expected) in cases {
        let text = sheet(args, extra);
        let command = command_line(&text);
        assert_eq!(&command, expected, "{args:?} {extra:?}");
        // The line run again (with its words split as a shell splits the
        // simple ones) prints the sheet's own answer key as its table.
        if !expected.contains('\'') && !extra.contains(&"--no-key") {
            let mut again: Vec<&str> = command.split(' ').collect();
            again.extend(["--print", "table"]);
            let key = answer_key(&text).join("\n") + "\n";
            assert_eq!(run_ok(&again), key, "{command}");
        }
    }
    // With no command, `backstep` runs 4-Queens.
    let text = run_ok(&["--print", "worksheet"]);
    assert_eq!(command_line(&text), "queens");
}

#[test]
fn no_key_leaves_the_answer_key_out_and_nothing_else() {
    for args in SEARCHES
        .iter()
        .chain([&["sudoku", "--bug", "no-stop"][..]].iter())
    {
        for extra in [&[][..], &["--seed", "2"], &["--blanks", "all"]] {
            if extra.contains(&"--seed") && !blanks_by_seed(args) {
                continue;
            }
            let keyed = sheet(args, extra);
            let mut with = extra.to_vec();
            with.push("--no-key");
            let bare = sheet(args, &with);
            assert!(!bare.contains("## Answer key"), "{args:?}:\n{bare}");
            assert!(!bare.contains("Result:"), "{args:?}:\n{bare}");
            let head = keyed.split("\n## Answer key\n").next().unwrap_or_default();
            assert_eq!(bare.trim_end(), head.trim_end(), "{args:?} {extra:?}");
            assert!(bare.contains("## Trace table"), "{args:?}");
        }
    }
}

/// Each search in the registry, with the arguments of one small instance
/// (and the variants whose tables have columns of their own).
const EVERY_SEARCH: &[(&str, &[&str])] = &[
    ("queens", &["queens", "4"]),
    ("queens", &["queens", "5", "--full"]),
    ("queens", &["queens", "4", "--permutations"]),
    ("queens", &["queens", "4", "--fundamental"]),
    ("queens", &["queens", "4", "--state", "bools"]),
    ("sudoku", &["sudoku", "campus"]),
    ("sudoku", &["sudoku", "campus", "--order", "propagate"]),
    ("sudoku", &["sudoku", "campus", "--order", "dlx"]),
    ("word", &["word"]),
    ("word", &["word", "--word", "SEE"]),
    ("words", &["words"]),
    ("maze", &["maze"]),
    ("colour", &["colour"]),
    ("colour", &["colour", "--all"]),
    ("cover", &["cover", "knuth"]),
];

/// The last element of a sequence-like cell: `[0,2]` gives `2`, `DDR` gives
/// `R`; `None` for anything else.
fn last_element(cell: &str) -> Option<String> {
    if let Some(inner) = cell.strip_prefix('[').and_then(|c| c.strip_suffix(']')) {
        return inner
            .rsplit(',')
            .next()
            .map(str::to_string)
            .filter(|s| !s.is_empty());
    }
    let alpha = !cell.is_empty() && cell.chars().all(|c| c.is_ascii_alphabetic());
    alpha.then(|| cell[cell.len() - 1..].to_string())
}

/// Whether `longer` extends the sequence-like `cell` (`[0]` by `[0,2]`,
/// `DD` by `DDR`, `[]` by `[1]`).
fn extends(longer: &str, cell: &str) -> bool {
    if let (Some(a), Some(b)) = (
        cell.strip_prefix('[').and_then(|c| c.strip_suffix(']')),
        longer.strip_prefix('[').and_then(|c| c.strip_suffix(']')),
    ) {
        return b.len() > a.len() && (a.is_empty() || b.starts_with(&format!("{a},")));
    }
    let alpha = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphabetic());
    alpha(cell) && alpha(longer) && longer.len() > cell.len() && longer.starts_with(cell)
}

/// Whether the sequence-like `cell` is `parent` extended by `last` alone.
fn is_child(cell: &str, parent: &str, last: &str) -> bool {
    match parent.strip_suffix(']') {
        Some("[") => cell == format!("[{last}]"),
        Some(inner) => cell == format!("{inner},{last}]"),
        None => cell == format!("{parent}{last}"),
    }
}

/// A sheet's trace table, cell by cell, `None` for a blank.
type Shown = Vec<Vec<Option<String>>>;

/// How a student reads a blank off the cells shown: `Some(why)` for the
/// first blank they can, given the sheet's trace table as cells (`None` a
/// blank) and the answer key's.
#[allow(clippy::needless_range_loop)] // rows and columns are compared across the two tables
fn cheat(header: &[String], shown: &[Vec<Option<String>>], key: &[Vec<String>]) -> Option<String> {
    let outcome = header.iter().position(|h| h == "outcome");
    let visible = |i: usize, j: usize| shown.get(i).and_then(|r| r[j].clone());
    for i in 0..key.len() {
        for j in 1..header.len() {
            if shown[i][j].is_some() {
                continue;
            }
            let answer = &key[i][j];
            let at = format!("node {} {}", key[i][0], header[j]);
            if Some(j) == outcome {
                // The next node's state says whether this one went deeper,
                // and by which choice (the next prefix ends in it).
                if let Some(next) = shown.get(i + 1) {
                    let seen: Vec<&String> =
                        next[1..].iter().flatten().filter(|c| *c != "-").collect();
                    if !seen.is_empty() {
                        return Some(format!("{at}: the next row shows {seen:?}"));
                    }
                }
                if let Some(choice) = answer.strip_prefix("place ") {
                    for k in i + 1..key.len() {
                        for (c, cell) in shown[k].iter().enumerate().skip(1) {
                            let Some(cell) = cell else { continue };
                            let token = choice.split_whitespace().any(|t| t == cell);
                            let last = last_element(cell)
                                .is_some_and(|l| choice.split_whitespace().any(|t| t == l));
                            if k == i + 1 && (token || last) {
                                return Some(format!(
                                    "{at}: node {} {} is {cell}",
                                    key[k][0], header[c]
                                ));
                            }
                        }
                    }
                }
            }
            // A later row whose sequence extends this row's (shown) one is
            // a node under it: its choices are this node's.
            for c in 1..header.len() {
                let Some(here) = visible(i, c) else { continue };
                for k in i + 1..key.len() {
                    if let Some(there) = visible(k, c).filter(|t| extends(t, &here)) {
                        return Some(format!(
                            "{at}: node {} {} is {there}, under {here}",
                            key[k][0], header[c]
                        ));
                    }
                }
            }
            // Another row's shown cell of the same column that extends this
            // blank's answer has it written inside (a child's prefix holds
            // its parent's), and the parent's with its shown `place x` gives
            // this one.
            for k in (0..key.len()).filter(|&k| k != i) {
                let Some(there) = visible(k, j) else { continue };
                if extends(&there, answer) {
                    return Some(format!("{at}: node {} has {there}", key[k][0]));
                }
                let placed = outcome.and_then(|o| visible(k, o));
                let last = last_element(answer);
                if let (Some(placed), Some(last)) = (placed, last) {
                    let parent_of = is_child(answer, &there, &last)
                        && placed
                            .strip_prefix("place ")
                            .is_some_and(|p| p.split_whitespace().any(|t| t == last));
                    if parent_of {
                        return Some(format!("{at}: node {} has {there} and {placed}", key[k][0]));
                    }
                }
            }
        }
    }
    None
}

/// The sheet's trace table as cells, `None` for a blank, with its header,
/// and the answer key's rows.
fn sheet_cells(text: &str) -> (Vec<String>, Shown, Vec<Vec<String>>) {
    let (trace, key) = (trace_table(text), answer_key(text));
    let header = cells(&trace[0]);
    let shown = trace[2..]
        .iter()
        .map(|l| {
            cells(l)
                .into_iter()
                .map(|c| (!is_blank(&c)).then_some(c))
                .collect()
        })
        .collect();
    let key = key[2..].iter().map(|l| cells(l)).collect();
    (header, shown, key)
}

#[test]
fn no_blank_can_be_read_off_the_cells_shown() {
    // Every search the registry lists with a worksheet is here (a new
    // one must be added).
    for kind in backstep::registry::KINDS {
        let offered = !kind
            .lacks()
            .contains(&backstep::ui::scene::Capability::Worksheet);
        assert!(
            EVERY_SEARCH.iter().any(|(name, _)| *name == kind.name()) || !offered,
            "add {} to EVERY_SEARCH",
            kind.name()
        );
    }
    let mut sheets = 0;
    for (_, args) in EVERY_SEARCH {
        let mut extras: Vec<Vec<String>> = ["legal,outcome", "legal", "outcome", "masks", "all"]
            .iter()
            .map(|b| vec!["--blanks".to_string(), b.to_string()])
            .collect();
        if blanks_by_seed(args) {
            extras.extend((1..=6).map(|seed| vec!["--seed".into(), seed.to_string()]));
        }
        for extra in &extras {
            let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
            let text = sheet(args, &extra);
            if trace_table(&text).is_empty() {
                continue;
            }
            let (header, shown, key) = sheet_cells(&text);
            if let Some(why) = cheat(&header, &shown, &key) {
                panic!("{args:?} {extra:?}: {why}\n{text}");
            }
            sheets += 1;
        }
    }
    // Sheets of instances made by a seed, too.
    for args in [
        &["sudoku", "--seed", "3"][..],
        &["maze", "--seed", "3", "--size", "6"],
        &["cover", "--seed", "3"],
    ] {
        let text = sheet(args, &[]);
        let (header, shown, key) = sheet_cells(&text);
        assert_eq!(cheat(&header, &shown, &key), None, "{args:?}");
        sheets += 1;
    }
    assert!(sheets >= 100, "{sheets} sheets checked");
}

#[test]
fn the_student_reads_the_old_sheets_blanks_off_the_next_rows() {
    // The cheats above catch what they are meant to: the sheet that blanks
    // whole columns in every row (as `--blanks` once did) gives its blanks
    // away, in every search.
    for (_, args) in EVERY_SEARCH {
        let text = sheet(args, &[]);
        if trace_table(&text).len() < 4 {
            continue;
        }
        let (header, _, key) = sheet_cells(&text);
        for blanks in [&["outcome"][..], &["legal", "outcome"]] {
            let columns: Vec<&str> = match blanks.len() {
                1 => vec!["outcome"],
                _ => {
                    // The legal group's columns, as --blanks legal names them.
                    let legal = sheet(args, &["--blanks", "legal"]);
                    let (h, s, _) = sheet_cells(&legal);
                    let mut c: Vec<&str> = vec!["outcome"];
                    for (j, name) in h.iter().enumerate() {
                        if s[0][j].is_none() {
                            c.push(
                                header
                                    .iter()
                                    .find(|x| *x == name)
                                    .map(String::as_str)
                                    .unwrap_or(""),
                            );
                        }
                    }
                    c
                }
            };
            let old: Vec<Vec<Option<String>>> = key
                .iter()
                .map(|row| {
                    row.iter()
                        .enumerate()
                        .map(|(j, c)| {
                            (j == 0 || !columns.contains(&header[j].as_str()) || c == "-")
                                .then(|| c.clone())
                        })
                        .collect()
                })
                .collect();
            assert!(
                cheat(&header, &old, &key).is_some(),
                "{args:?} {blanks:?}: no cheat found"
            );
        }
    }
}

/// The prose of every variant's sheet (everything before its trace table:
/// title, command, the problem's paragraphs and `- ` lists, how to fill
/// the table), as written before a sheet's parts were typed, when the list
/// items were still found by reading `- ` back out of the text. Each entry
/// is a `$ backstep ... --print worksheet` line, then the prose.
const PROSE: &str = include_str!("../fixtures/worksheet-prose.md");

/// The fixture's entries: each command (the arguments after `backstep `)
/// with its prose.
fn prose_entries() -> Vec<(String, String)> {
    let mut entries: Vec<(String, String)> = Vec::new();
    for line in PROSE.lines() {
        if let Some(command) = line.strip_prefix("$ backstep ") {
            entries.push((command.to_string(), String::new()));
        } else if let Some((_, prose)) = entries.last_mut() {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    entries
}

/// A sheet's prose: its lines up to the first table line.
fn prose_of(sheet: &str) -> String {
    sheet
        .lines()
        .take_while(|l| !l.starts_with('|'))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Every variant in the registry that offers a worksheet, as the arguments
/// after `backstep ` (`queens --state bools --print worksheet`).
fn sheet_variants() -> Vec<Vec<String>> {
    let mut all = Vec::new();
    for &kind in backstep::registry::KINDS {
        if kind
            .lacks()
            .contains(&backstep::ui::scene::Capability::Worksheet)
        {
            continue;
        }
        let instance = crate::told::instance(kind);
        for variant in kind.variants() {
            let mut args = vec![kind.name().to_string()];
            args.extend(instance.iter().cloned());
            args.extend(variant);
            args.extend(["--print".to_string(), "worksheet".to_string()]);
            all.push(args);
        }
    }
    all
}

/// Whether a paragraph is written as a list item or as a paragraph is
/// typed by the view that writes it; a part typed wrong (an item as a
/// paragraph, or the other way) moves a `- ` or a blank line, and the
/// sheet no longer reads as it did. Every variant of every search, so a
/// new option's sheet is checked with no new line here: it only needs
/// its entry in the fixture.
#[test]
fn every_variant_s_prose_reads_as_it_was_written() {
    let expected = prose_entries();
    let mut wrong = Vec::new();
    let mut seen = Vec::new();
    for args in sheet_variants() {
        let command = args.join(" ");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let prose = prose_of(&run_ok(&args));
        match expected.iter().find(|(c, _)| *c == command) {
            Some((_, want)) if *want == prose => {}
            Some((_, want)) => wrong.push(format!(
                "$ backstep {command}\n--- expected\n{want}--- got\n{prose}"
            )),
            None => wrong.push(format!(
                "$ backstep {command}\nhas no entry in tests/fixtures/worksheet-prose.md; its prose:\n{prose}"
            )),
        }
        seen.push(command);
    }
    for (command, _) in &expected {
        if !seen.contains(command) {
            wrong.push(format!(
                "$ backstep {command}: in the fixture, not a variant"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}
