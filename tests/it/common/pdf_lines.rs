//! A PDF's pages and the straight lines each strokes, read from its
//! content stream with lopdf, where a printer draws them. A file of its
//! own, so the sheets crate's unit tests share it too.

use lopdf::Object;

/// A number of a PDF object, integer or real.
pub fn number(obj: &Object) -> f64 {
    match obj {
        Object::Integer(i) => *i as f64,
        Object::Real(r) => f64::from(*r),
        other => panic!("expected a number, found {other:?}"),
    }
}

/// Parses a PDF with lopdf.
pub fn load_pdf(pdf: &[u8]) -> lopdf::Document {
    lopdf::Document::load_mem(pdf).expect("PDF parses")
}

/// Number of pages.
pub fn page_count(pdf: &[u8]) -> usize {
    load_pdf(pdf).get_pages().len()
}

/// A stroked straight segment in PDF user space (points, origin bottom-left,
/// y up), with the line width it was stroked at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    /// Start point, pt.
    pub from: (f64, f64),
    /// End point, pt.
    pub to: (f64, f64),
    /// Stroke width, pt (scaled by the transformation's x scale).
    pub width: f64,
}

impl Segment {
    /// Whether the segment is vertical (to 0.001 pt).
    pub fn is_vertical(&self) -> bool {
        (self.from.0 - self.to.0).abs() < 1e-3 && (self.from.1 - self.to.1).abs() > 1e-3
    }
    /// Whether the segment is horizontal (to 0.001 pt).
    pub fn is_horizontal(&self) -> bool {
        (self.from.1 - self.to.1).abs() < 1e-3 && (self.from.0 - self.to.0).abs() > 1e-3
    }
}

type Matrix = [f64; 6];

fn concat(m: &Matrix, n: &Matrix) -> Matrix {
    // m applied first, then n (PDF: cm pre-multiplies the CTM).
    [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]
}

fn apply(m: &Matrix, x: f64, y: f64) -> (f64, f64) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/// Every straight segment stroked on page `page` (from 1): the `m`/`l`/`re`/`h`
/// path operators of the page's content stream, interpreted with `q`/`Q`/`cm`
/// and `w`, keeping the paths painted with a stroking operator
/// (`S s B B* b b*`). Curves are skipped.
pub fn stroked_segments(pdf: &[u8], page: u32) -> Vec<Segment> {
    let doc = load_pdf(pdf);
    let page_id = *doc.get_pages().get(&page).expect("page exists");
    let content = doc
        .get_and_decode_page_content(page_id)
        .expect("content decodes");
    let mut ctm: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
    let mut width = 1.0;
    let mut stack: Vec<(Matrix, f64)> = Vec::new();
    let mut path: Vec<((f64, f64), (f64, f64))> = Vec::new();
    let mut current = (0.0, 0.0);
    let mut subpath_start = (0.0, 0.0);
    let mut out = Vec::new();
    for op in &content.operations {
        let n = |i: usize| number(&op.operands[i]);
        match op.operator.as_str() {
            "q" => stack.push((ctm, width)),
            "Q" => (ctm, width) = stack.pop().unwrap_or((ctm, width)),
            "cm" => ctm = concat(&[n(0), n(1), n(2), n(3), n(4), n(5)], &ctm),
            "w" => width = n(0),
            "m" => {
                current = apply(&ctm, n(0), n(1));
                subpath_start = current;
            }
            "l" => {
                let p = apply(&ctm, n(0), n(1));
                path.push((current, p));
                current = p;
            }
            "c" | "v" | "y" => {
                let k = op.operands.len();
                current = apply(&ctm, n(k - 2), n(k - 1));
            }
            "h" => {
                if current != subpath_start {
                    path.push((current, subpath_start));
                }
                current = subpath_start;
            }
            "re" => {
                let (x, y, w, h) = (n(0), n(1), n(2), n(3));
                let corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)];
                let pts: Vec<_> = corners.iter().map(|&(a, b)| apply(&ctm, a, b)).collect();
                for i in 0..4 {
                    path.push((pts[i], pts[(i + 1) % 4]));
                }
                current = pts[0];
                subpath_start = pts[0];
            }
            "S" | "s" | "B" | "B*" | "b" | "b*" => {
                if matches!(op.operator.as_str(), "s" | "b" | "b*") && current != subpath_start {
                    path.push((current, subpath_start));
                }
                let scale = (ctm[0] * ctm[0] + ctm[1] * ctm[1]).sqrt();
                out.extend(path.drain(..).map(|(from, to)| Segment {
                    from,
                    to,
                    width: width * scale,
                }));
            }
            "f" | "F" | "f*" | "n" => path.clear(),
            _ => {}
        }
    }
    out
}
