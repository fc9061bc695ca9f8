//! Graph colouring (EVENTS.md §2 colour): the reference streams and summaries, the
//! colourings against brute force over all m^V assignments, and bad inputs.

use backstep::input::colour::{default_graph, load_graph, parse_dimacs, parse_edges};
use backstep::print::{Mode, print};
use backstep::search::colour::{Colour, ColourEvent, ColourOptions, Graph};
use backstep::search::{EventKind, Search, SearchEvent};

use crate::Rng;
use crate::lib_outputs::{assert_jsonl_values, summaries_for};

const SEED_M3: &str = include_str!("../fixtures/colour-seed-m3.jsonl");
const SEED_M2: &str = include_str!("../fixtures/colour-seed-m2.jsonl");

fn search(graph: &Graph, m: u8, all: bool) -> Colour {
    Colour::new(
        graph,
        ColourOptions {
            m,
            all,
            rejects: true,
        },
    )
}

fn output(search: Colour, mode: Mode) -> String {
    let mut out = Vec::new();
    print(search, mode, &mut out).expect("printing to memory works");
    String::from_utf8(out).expect("UTF-8 output")
}

#[test]
fn seed_jsonl_matches_the_references() {
    let graph = default_graph();
    assert_jsonl_values(
        "colour",
        &output(search(&graph, 3, false), Mode::Jsonl),
        SEED_M3,
    );
    assert_jsonl_values(
        "colour -m 2",
        &output(search(&graph, 2, false), Mode::Jsonl),
        SEED_M2,
    );
}

/// The reference commands' options, read from the command line text.
fn from_command(command: &str) -> Colour {
    let words: Vec<&str> = command.split_whitespace().collect();
    let mut m = 3;
    let mut all = false;
    let mut i = 2;
    while i < words.len() {
        match words[i] {
            "-m" | "--colours" => {
                m = words[i + 1].parse().expect("a number of colours");
                i += 1;
            }
            "--all" => all = true,
            "--print" => i += 1,
            other => panic!("{command}: option {other} is not mapped"),
        }
        i += 1;
    }
    search(&default_graph(), m, all)
}

#[test]
fn summaries_match_the_reference() {
    let cases = summaries_for("colour");
    assert!(cases.len() >= 3, "the reference has colour summaries");
    assert!(cases.iter().any(|(c, _)| c.contains("--all")));
    for (command, want) in cases {
        let got = output(from_command(&command), Mode::Summary);
        assert_eq!(got, want, "{command}");
    }
}

#[test]
fn empty_and_one_vertex_graphs() {
    let none = parse_edges("", Some(0)).unwrap();
    assert_eq!(
        output(search(&none, 1, false), Mode::Summary),
        "colour 0 vertices, 0 edges, m=1: found=1, nodes=1, colours=[]\n"
    );
    assert_eq!(
        output(search(&none, 1, false), Mode::Jsonl),
        "{\"step\":1,\"event\":\"solution\",\"colours\":[],\"nodes\":1}\n\
         {\"event\":\"done\",\"found\":true,\"nodes\":1,\"colours\":[]}\n"
    );
    let one = parse_edges("0-1", None).unwrap();
    assert_eq!(
        output(search(&one, 1, true), Mode::Summary),
        "colour 2 vertices, 1 edges, m=1, all: colourings=0, nodes=2\n"
    );
    let done = output(search(&one, 1, true), Mode::Jsonl);
    assert!(
        done.ends_with("{\"event\":\"done\",\"colourings\":0,\"nodes\":2,\"colours\":[]}\n"),
        "{done}"
    );
}

#[test]
fn table_trace_and_worksheet() {
    let table = output(search(&default_graph(), 2, false), Mode::Table);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0],
        "| node | vertex | colours so far | legal | outcome |"
    );
    assert_eq!(lines.len(), 2 + 7, "one row per node:\n{table}");
    assert_eq!(lines[2], "| 1 | 0 | [] | {1,2} | place 1 |");
    assert_eq!(lines[5], "| 4 | 3 | [1,2,2] | {} | dead end |");
    let found = output(search(&default_graph(), 3, false), Mode::Table);
    assert!(
        found.contains("| 5 | - | [1,2,2,3] | - | colouring found, stop |"),
        "{found}"
    );
    let trace = output(search(&default_graph(), 3, false), Mode::Trace);
    assert_eq!(trace.lines().count(), 1 + 13 + 1);
    assert!(trace.contains("reject colour 2 for vertex 3: neighbours 1 and 2 already hold it"));
    let sheet = output(search(&default_graph(), 3, false), Mode::Worksheet);
    assert!(
        sheet.contains(
            "Result: `colour 4 vertices, 5 edges, m=3: found=1, nodes=5, colours=[1,2,2,3]`"
        ),
        "{sheet}"
    );
}

/// Every assignment of colours 1..=m to the vertices, in lexicographic
/// order (vertex 0 most significant): the proper ones' count and the first.
fn brute_force(v: usize, edges: &[(usize, usize)], m: u8) -> (u64, Option<Vec<u8>>) {
    let mut colours = vec![1u8; v];
    let (mut count, mut first) = (0, None);
    loop {
        if edges.iter().all(|&(a, b)| colours[a] != colours[b]) {
            count += 1;
            first.get_or_insert_with(|| colours.clone());
        }
        // The next assignment: the odometer's last vertex turns fastest.
        let mut i = v;
        loop {
            if i == 0 {
                return (count, first);
            }
            i -= 1;
            if colours[i] < m {
                colours[i] += 1;
                break;
            }
            colours[i] = 1;
        }
    }
}

#[test]
fn colourings_match_brute_force_over_every_assignment() {
    let mut rng = Rng::new(10);
    for case in 0..250 {
        let v = rng.below(9);
        let m = 1 + rng.below(4) as u8;
        let percent = 15 + rng.below(60);
        let mut edges = Vec::new();
        for a in 0..v {
            for b in a + 1..v {
                if rng.chance(percent) {
                    edges.push(if rng.chance(50) { (a, b) } else { (b, a) });
                }
            }
        }
        let text: Vec<String> = edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        let text = text.join(",");
        let graph = parse_edges(&text, Some(v)).expect("a valid graph");
        let (count, first) = brute_force(v, &edges, m);
        let name = format!("case {case}: V={v} m={m} edges {text}");

        let mut one = search(&graph, m, false);
        let mut at_solution = None;
        while let Some(event) = one.next() {
            if event == ColourEvent::Solution {
                at_solution = Some(one.colours().to_vec());
            }
        }
        assert_eq!(
            one.first().map(<[u8]>::to_vec),
            first,
            "{name}: first colouring"
        );
        assert_eq!(at_solution, first, "{name}: the solution event's view");

        let mut all = search(&graph, m, true);
        let solutions = all
            .by_ref()
            .filter(|e| e.kind() == EventKind::Solution)
            .count() as u64;
        assert_eq!(
            (all.colourings(), solutions),
            (count, count),
            "{name}: --all count"
        );
        assert_eq!(
            all.first().map(<[u8]>::to_vec),
            first,
            "{name}: --all first"
        );
    }
}

#[test]
fn shipped_graphs_load_and_colour_as_known() {
    // (name, vertices, edges, chromatic number)
    for (name, v, e, chi) in [
        ("seed", 4, 5, 3),
        ("petersen", 10, 15, 3),
        ("myciel3", 11, 20, 4),
    ] {
        let graph = load_graph(name).expect("a shipped graph").value;
        assert_eq!((graph.vertices(), graph.edges().len()), (v, e), "{name}");
        for m in 1..=chi {
            let mut s = search(&graph, m, false);
            s.run_to_end();
            assert_eq!(s.first().is_some(), m == chi, "{name} with {m} colours");
        }
    }
    assert_eq!(load_graph("seed").unwrap().value, default_graph());
}

#[test]
fn repeated_edges_count_once() {
    let graph = parse_edges(" 0-1, 1-0 ,0-1,2-1", None).unwrap();
    assert_eq!((graph.vertices(), graph.edges()), (3, vec![(0, 1), (1, 2)]));
    let dimacs = parse_dimacs("c x\np edge 3 9\ne 1 2\ne 2 1\n\ne 3 2\n").unwrap();
    assert_eq!(dimacs, graph);
}

#[test]
fn bad_edge_lists_are_refused_naming_the_edge() {
    let cases: [(&str, Option<usize>, &str); 10] = [
        (
            "0-1,1-4",
            Some(4),
            "edge 2 \"1-4\": vertex 4 is out of range",
        ),
        ("0-1,2-2", None, "edge 2 \"2-2\" joins vertex 2 to itself"),
        ("0-1,1", None, "edge 2 \"1\" is not two vertices"),
        (
            "0-1,a-2",
            None,
            "edge 2 \"a-2\": \"a\" is not a vertex number",
        ),
        (
            "0-32",
            None,
            "edge 1 \"0-32\": vertex 32 is out of range; at most 32",
        ),
        (
            "0--1",
            None,
            "edge 1 \"0--1\": \"-1\" is not a vertex number",
        ),
        ("0-1,,1-2", None, "edge 2 \"\" is not two vertices"),
        ("0-1", Some(0), "vertex 0, but the graph has no vertices"),
        ("0-1", Some(33), "the graph has 33 vertices; at most 32"),
        ("1-2,3-99999999999999999999", None, "edge 2"),
    ];
    for (edges, v, want) in cases {
        match parse_edges(edges, v) {
            Ok(_) => panic!("{edges:?} ({v:?} vertices) was accepted"),
            Err(e) => {
                let message = format!("{e:#}");
                assert!(
                    message.contains(want),
                    "{edges:?}: {message:?} lacks {want:?}"
                );
            }
        }
    }
}

#[test]
fn bad_dimacs_files_are_refused_naming_the_line() {
    let cases: [(&str, &str); 10] = [
        (
            "p edge 3 1\ne 1 4\n",
            "line 2: edge 1-4: vertex 4 is out of range",
        ),
        (
            "p edge 3 1\ne 0 1\n",
            "line 2: edge 0-1: vertex 0 is out of range",
        ),
        (
            "c hi\np edge 3 1\ne 2 2\n",
            "line 3: edge 2-2 joins vertex 2 to itself",
        ),
        (
            "e 1 2\np edge 3 1\n",
            "line 1: an edge before the `p edge V E` line",
        ),
        ("p edge 3 1\np edge 3 1\n", "line 2: a second `p` line"),
        (
            "p edge 40 1\n",
            "line 1: the graph has 40 vertices; at most 32",
        ),
        (
            "p edge 3\n",
            "line 1: the problem line must read `p edge V E`",
        ),
        (
            "p edge 3 1\ne 1 2 3\n",
            "line 2: an edge line must read `e a b`",
        ),
        ("p edge 3 1\nx 1 2\n", "line 2: \"x\" starts no DIMACS line"),
        ("c only a comment\n", "no `p edge V E` line"),
    ];
    for (text, want) in cases {
        match parse_dimacs(text) {
            Ok(_) => panic!("{text:?} was accepted"),
            Err(e) => {
                let message = format!("{e:#}");
                assert!(
                    message.contains(want),
                    "{text:?}: {message:?} lacks {want:?}"
                );
            }
        }
    }
    let message = format!("{:#}", load_graph("nope.col").unwrap_err());
    assert!(
        message.contains("the graph file \"nope.col\" does not exist"),
        "{message}"
    );
    let message = format!("{:#}", load_graph("nope").unwrap_err());
    assert!(
        message.contains("not a shipped graph (sample, petersen, myciel3)"),
        "{message}"
    );
}

#[test]
fn value_parsers_name_the_range() {
    use backstep::input::colour::{colours_m, vertex_count};
    assert_eq!(
        colours_m("0"),
        Err("m must be between 1 and 9, got 0".into())
    );
    assert_eq!(
        colours_m("10"),
        Err("m must be between 1 and 9, got 10".into())
    );
    assert!(colours_m("x").is_err());
    assert_eq!(colours_m("9"), Ok(9));
    assert_eq!(
        vertex_count("33").unwrap_err(),
        "the vertex count must be between 0 and 32, got 33"
    );
    assert_eq!(vertex_count("32"), Ok(32));
}
