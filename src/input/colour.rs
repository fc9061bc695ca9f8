//! Reading a graph to colour (EVENTS.md §2): `--vertices V` and `--edges
//! 0-1,1-3` (0-based), or a DIMACS `.col` file (`c` comments, `p edge V E`,
//! `e a b` with 1-based vertices). Errors name the edge (its position in
//! the list and its text) or the file's line (1-based, as editors count).
//! A repeated edge counts once; the `E` of `p edge` is not checked.

use anyhow::{Context, Result, bail};

use super::{Loaded, file_name, from_asset, looks_like_path, read_file};
use crate::assets;
use crate::files;
use crate::search::colour::{Graph, MAX_COLOURS, MAX_VERTICES};

/// Seed 003's graph: 4 vertices, 5 edges.
pub const DEFAULT_EDGES: &str = "0-1,1-3,2-3,3-0,0-2";

/// Seed 003's graph.
pub fn default_graph() -> Graph {
    parse_edges(DEFAULT_EDGES, Some(4)).expect("the seed graph is valid")
}

impl Graph {
    /// A graph of `vertices` vertices (at most 32) and the given edges
    /// (0-based), each checked by `check_edge` as a typed edge is: in
    /// range and joining two different vertices. A repeated edge counts
    /// once.
    pub fn new(vertices: usize, edges: &[(usize, usize)]) -> Result<Graph, GraphError> {
        check_vertices(vertices)?;
        let mut adjacent = vec![0u32; vertices];
        for (i, &(a, b)) in edges.iter().enumerate() {
            check_edge(Some(vertices), a, b).map_err(|fault| GraphError::Edge {
                n: i + 1,
                a,
                b,
                fault,
            })?;
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        Ok(Graph { vertices, adjacent })
    }
}

/// Why a graph is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// More than [`MAX_VERTICES`] vertices.
    Vertices { vertices: usize },
    /// Edge `n` (from 1), `a-b`, is refused.
    Edge {
        n: usize,
        a: usize,
        b: usize,
        fault: EdgeFault,
    },
}

/// What is wrong with an edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EdgeFault {
    /// A vertex of a graph with none.
    NoVertices { vertex: usize },
    /// A vertex past the last one: of the given count, or of the most
    /// a graph has when no count is given.
    OutOfRange {
        vertex: usize,
        vertices: Option<usize>,
    },
    /// An edge from a vertex to itself.
    Loop { vertex: usize },
}

/// Follows the edge's number and text: `edge 2 "0-5": vertex 5 is out of
/// range; ...`, `edge 1 "2-2" joins vertex 2 to itself`.
impl std::fmt::Display for EdgeFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            EdgeFault::NoVertices { vertex } => {
                write!(f, ": vertex {vertex}, but the graph has no vertices")
            }
            EdgeFault::OutOfRange {
                vertex,
                vertices: Some(v),
            } => write!(
                f,
                ": vertex {vertex} is out of range; with {v} vertices they are 0..={}",
                v - 1
            ),
            EdgeFault::OutOfRange {
                vertex,
                vertices: None,
            } => write!(
                f,
                ": vertex {vertex} is out of range; at most {MAX_VERTICES} vertices, 0..={}",
                MAX_VERTICES - 1
            ),
            EdgeFault::Loop { vertex } => write!(f, " joins vertex {vertex} to itself"),
        }
    }
}

impl std::fmt::Display for GraphError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GraphError::Vertices { vertices } => write!(
                f,
                "the graph has {vertices} vertices; at most {MAX_VERTICES}"
            ),
            GraphError::Edge { n, a, b, fault } => {
                write!(f, "edge {n} {:?}{fault}", format!("{a}-{b}"))
            }
        }
    }
}

impl std::error::Error for GraphError {}

/// The one check of a graph's size: at most [`MAX_VERTICES`] vertices.
fn check_vertices(vertices: usize) -> Result<(), GraphError> {
    match vertices > MAX_VERTICES {
        true => Err(GraphError::Vertices { vertices }),
        false => Ok(()),
    }
}

/// The one check of an edge `a-b` (0-based): both ends below `vertices`
/// (below [`MAX_VERTICES`] when no count is given), and different.
/// [`Graph::new`] checks every edge with it; `--edges` checks each as it
/// is read, so that the first edge wrong in the text is the one named.
fn check_edge(vertices: Option<usize>, a: usize, b: usize) -> Result<(), EdgeFault> {
    let limit = vertices.unwrap_or(MAX_VERTICES);
    for vertex in [a, b] {
        if vertex >= limit {
            return Err(match vertices {
                Some(0) => EdgeFault::NoVertices { vertex },
                _ => EdgeFault::OutOfRange { vertex, vertices },
            });
        }
    }
    match a == b {
        true => Err(EdgeFault::Loop { vertex: a }),
        false => Ok(()),
    }
}

/// Parses a number of colours, 1..=9 (a clap value parser).
pub fn colours_m(text: &str) -> Result<u8, String> {
    match text.trim().parse::<i64>() {
        Ok(m) if (1..=i64::from(MAX_COLOURS)).contains(&m) => Ok(m as u8),
        Ok(m) => Err(format!("m must be between 1 and {MAX_COLOURS}, got {m}")),
        Err(_) => Err(format!(
            "m must be a whole number between 1 and {MAX_COLOURS}, got {text:?}"
        )),
    }
}

/// Parses a vertex count, 0..=32 (a clap value parser).
pub fn vertex_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<i64>() {
        Ok(v) if (0..=MAX_VERTICES as i64).contains(&v) => Ok(v as usize),
        Ok(v) => Err(format!(
            "the vertex count must be between 0 and {MAX_VERTICES}, got {v}"
        )),
        Err(_) => Err(format!(
            "the vertex count must be a whole number between 0 and {MAX_VERTICES}, got {text:?}"
        )),
    }
}

/// Reads `--edges` (`0-1,1-3`, spaces ignored, empty for none) with
/// `--vertices` if given; without it, V is the largest vertex named + 1.
pub fn parse_edges(text: &str, vertices: Option<usize>) -> Result<Graph> {
    if let Some(v) = vertices {
        check_vertices(v)?;
    }
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut edges = Vec::new();
    if !cleaned.is_empty() {
        for (i, item) in cleaned.split(',').enumerate() {
            let n = i + 1;
            let Some((a, b)) = item.split_once('-') else {
                bail!("edge {n} {item:?} is not two vertices joined by '-', like 0-1");
            };
            let vertex = |part: &str| -> Result<usize> {
                match part.parse::<u64>() {
                    Ok(x) => Ok(usize::try_from(x).unwrap_or(usize::MAX)),
                    Err(_) => bail!(
                        "edge {n} {item:?}: {part:?} is not a vertex number (0-based, like 0-1)"
                    ),
                }
            };
            let (a, b) = (vertex(a)?, vertex(b)?);
            if let Err(fault) = check_edge(vertices, a, b) {
                bail!("edge {n} {item:?}{fault}");
            }
            edges.push((a, b));
        }
    }
    let v = vertices.unwrap_or_else(|| edges.iter().map(|&(a, b)| a.max(b) + 1).max().unwrap_or(0));
    Ok(Graph::new(v, &edges)?)
}

/// Reads a DIMACS graph: `c` comment lines, one `p edge V E` line (`p col`
/// is read the same), then `e a b` lines with 1-based vertices. Blank lines
/// are skipped.
pub fn parse_dimacs(text: &str) -> Result<Graph> {
    let mut vertices: Option<usize> = None;
    let mut edges = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let fields: Vec<&str> = line.split_whitespace().collect();
        match fields.first().copied() {
            None | Some("c") => {}
            Some("p") => {
                if vertices.is_some() {
                    bail!("line {n}: a second `p` line; a graph has one");
                }
                let [_, kind, v, e] = fields[..] else {
                    bail!("line {n}: the problem line must read `p edge V E`, got {line:?}");
                };
                if kind != "edge" && kind != "col" {
                    bail!("line {n}: the problem kind is {kind:?}; this reads `p edge V E`");
                }
                let v: usize = v
                    .parse()
                    .map_err(|_| anyhow::anyhow!("line {n}: {v:?} is not a vertex count"))?;
                if e.parse::<u64>().is_err() {
                    bail!("line {n}: {e:?} is not an edge count");
                }
                check_vertices(v).map_err(|e| anyhow::anyhow!("line {n}: {e}"))?;
                vertices = Some(v);
            }
            Some("e") => {
                let Some(v) = vertices else {
                    bail!("line {n}: an edge before the `p edge V E` line");
                };
                let [_, a, b] = fields[..] else {
                    bail!("line {n}: an edge line must read `e a b`, got {line:?}");
                };
                let vertex = |part: &str| -> Result<usize> {
                    match part.parse::<u64>() {
                        Ok(x) if (1..=v as u64).contains(&x) => Ok(x as usize - 1),
                        Ok(x) => bail!(
                            "line {n}: edge {a}-{b}: vertex {x} is out of range; with {v} vertices they are 1..={v} in a DIMACS file"
                        ),
                        Err(_) => bail!("line {n}: edge {a}-{b}: {part:?} is not a vertex number"),
                    }
                };
                let (x, y) = (vertex(a)?, vertex(b)?);
                if x == y {
                    bail!("line {n}: edge {a}-{b} joins vertex {a} to itself");
                }
                edges.push((x, y));
            }
            Some(other) => bail!(
                "line {n}: {other:?} starts no DIMACS line; expected `c`, `p edge V E` or `e a b`"
            ),
        }
    }
    let Some(v) = vertices else {
        bail!("no `p edge V E` line: the graph's size is not given");
    };
    Ok(Graph::new(v, &edges)?)
}

/// Loads a graph from a shipped name (`colour --list`) or a DIMACS file.
pub fn load_graph(arg: &str) -> Result<Loaded<Graph>> {
    if let Some(asset) = assets::find(assets::GRAPHS, arg) {
        return from_asset(asset, parse_dimacs);
    }
    if let Some(text) = read_file(arg, "graph")? {
        let value =
            parse_dimacs(&text).with_context(|| format!("graph file {}", files::quoted(arg)))?;
        return Ok(Loaded {
            name: file_name(arg),
            value,
        });
    }
    if looks_like_path(arg) {
        bail!(
            "the graph file {} does not exist (and it is not a shipped graph: {})",
            files::quoted(arg),
            assets::names(assets::GRAPHS)
        );
    }
    bail!(
        "{} is not a shipped graph ({}) or a DIMACS file",
        files::quoted(arg),
        assets::names(assets::GRAPHS)
    )
}
