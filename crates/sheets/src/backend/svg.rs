//! The SVG backend: one [`Page`] to one SVG document.
//!
//! The root's `width`/`height` are in mm and its `viewBox` spans the same
//! numbers, so one user unit is one millimetre and the SVG prints true to
//! scale. Text is real `<text>` in the families "Noto Sans" and "Noto Sans
//! Thai" (then the generic `sans-serif`) with `font-size` in mm. A text whose
//! runs need both families becomes one `<text>` per run, each placed at the x
//! the shaper computed, because `<tspan>`s would be separated by the
//! whitespace the writer puts between elements.
//!
//! Numbers are written with at most three decimals (a micrometre) and no
//! trailing zeros, and there are no generated ids, so the same page always
//! gives the same text.
//!
//! The output is always well-formed XML. Texts that enter from files are
//! refused where they enter if they hold a character XML cannot carry (spec
//! and map texts, handout titles, record tags: see
//! [`crate::source::text::toml_fault`] and the record parser); anything
//! else drawn as written (a record's move text, a file name in a diagram's
//! summary line) has such characters replaced by U+FFFD here (`xml_text`).

use std::fmt::Write as _;

use svg::Node;
use svg::node::element::{Circle, Element, Group, Path, Rectangle, Title};

use super::{DrawOp, draw_ops, text_start_x};
use crate::display::{Anchor, Color, Metadata, Page, Point, Stroke};
use crate::fonts::{self, FontFace};

/// Formats a length for SVG: rounded to 3 decimals, trailing zeros and a
/// trailing dot removed, never `-0`.
pub(crate) fn fmt_num(v: f64) -> String {
    // Integer thousandths: exact, and much faster than float formatting
    // with a precision, which matters for thousands of coordinates a page.
    let milli = (v * 1000.0).round();
    if !milli.is_finite() || milli.abs() >= 1e15 {
        return format!("{v}");
    }
    let milli = milli as i64;
    let (int, frac) = (milli.unsigned_abs() / 1000, milli.unsigned_abs() % 1000);
    let sign = if milli < 0 { "-" } else { "" };
    if frac == 0 {
        return format!("{sign}{int}");
    }
    let mut s = format!("{sign}{int}.{frac:03}");
    s.truncate(s.trim_end_matches('0').len());
    s
}

/// `text` with every character XML 1.0 cannot carry (controls other than
/// tab, line feed and carriage return; U+FFFE, U+FFFF) replaced by U+FFFD.
pub(crate) fn xml_text(text: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| {
        (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{fffe}' | '\u{ffff}')
    };
    if text.chars().any(bad) {
        text.chars()
            .map(|c| if bad(c) { '\u{fffd}' } else { c })
            .collect::<String>()
            .into()
    } else {
        text.into()
    }
}

/// Renders one page as a complete SVG document (UTF-8 text). The page is
/// taken as it is; [`super::render`] checks sizes and numbers first.
pub fn render_page(page: &Page, metadata: &Metadata) -> String {
    let mut doc = svg::Document::new()
        .set("width", format!("{}mm", fmt_num(page.width)))
        .set("height", format!("{}mm", fmt_num(page.height)))
        .set(
            "viewBox",
            format!("0 0 {} {}", fmt_num(page.width), fmt_num(page.height)),
        );
    if !metadata.title.is_empty() {
        doc.append(Title::new(xml_text(&metadata.title)));
    }
    if let Some(subject) = metadata.subject.as_deref().filter(|s| !s.is_empty()) {
        let mut desc = Element::new("desc");
        desc.append(svg::node::Text::new(xml_text(subject)));
        doc.append(desc);
    }
    let mut texts: Option<TextBatch> = None;
    for op in draw_ops(&page.items) {
        if let DrawOp::Text(text) = op {
            add_text(&mut doc, &mut texts, text);
            continue;
        }
        flush_texts(&mut doc, &mut texts);
        match op {
            DrawOp::Lines(stroke, segments) => doc.append(lines(stroke, &segments)),
            DrawOp::Rect(rect, fill, stroke) => {
                let node = Rectangle::new()
                    .set("x", fmt_num(rect.x))
                    .set("y", fmt_num(rect.y))
                    .set("width", fmt_num(rect.w))
                    .set("height", fmt_num(rect.h));
                doc.append(paint(node, fill, stroke));
            }
            DrawOp::Circle(center, radius, fill, stroke) => {
                let node = Circle::new()
                    .set("cx", fmt_num(center.x))
                    .set("cy", fmt_num(center.y))
                    .set("r", fmt_num(radius));
                doc.append(paint(node, fill, stroke));
            }
            DrawOp::Text(_) => {}
        }
    }
    flush_texts(&mut doc, &mut texts);
    let mut out = doc.to_string();
    out.push('\n');
    out
}

/// One `<path>` for a batch of segments sharing a stroke.
fn lines(stroke: &Stroke, segments: &[(Point, Point)]) -> Path {
    let mut d = String::with_capacity(segments.len() * 24);
    for (from, to) in segments {
        if !d.is_empty() {
            d.push(' ');
        }
        let _ = write!(
            d,
            "M{} {}L{} {}",
            fmt_num(from.x),
            fmt_num(from.y),
            fmt_num(to.x),
            fmt_num(to.y)
        );
    }
    stroked(Path::new().set("d", d).set("fill", "none"), stroke)
}

/// Adds fill and stroke attributes; absent fill is `none`.
fn paint<N: svg::Node>(mut node: N, fill: Option<Color>, stroke: Option<&Stroke>) -> N {
    node.assign(
        "fill",
        fill.map_or_else(|| "none".to_string(), Color::to_hex),
    );
    match stroke {
        Some(s) => stroked(node, s),
        None => node,
    }
}

fn stroked<N: svg::Node>(mut node: N, stroke: &Stroke) -> N {
    node.assign("stroke", stroke.color.to_hex());
    node.assign("stroke-width", fmt_num(stroke.width));
    match stroke.dash {
        Some((on, off)) => {
            node.assign(
                "stroke-dasharray",
                format!("{} {}", fmt_num(on), fmt_num(off)),
            );
        }
        // Square caps close the corners where solid lines meet (see the
        // backend module documentation); the PDF backend does the same.
        None => node.assign("stroke-linecap", "square"),
    }
    node
}

/// How a `<text>` looks. Consecutive texts that look alike share one `<g>`
/// carrying these attributes, which roughly halves the size of a sheet
/// full of small numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
struct TextStyle {
    face: FontFace,
    size: f64,
    color: Color,
    anchor: Anchor,
}

impl TextStyle {
    fn apply<N: Node>(&self, node: &mut N) {
        // The generic fallback keeps a viewer without the Noto fonts on a
        // sans-serif face instead of its default serif.
        node.assign("font-family", format!("{}, sans-serif", self.face.family()));
        node.assign("font-size", fmt_num(self.size));
        if self.face.is_bold() {
            node.assign("font-weight", "bold");
        }
        if self.color != Color::BLACK {
            node.assign("fill", self.color.to_hex());
        }
        match self.anchor {
            Anchor::Start => {}
            Anchor::Middle => node.assign("text-anchor", "middle"),
            Anchor::End => node.assign("text-anchor", "end"),
        }
    }
}

/// Texts of one style waiting to be written.
struct TextBatch {
    style: TextStyle,
    nodes: Vec<Element>,
}

/// A `<text>` element without style attributes. Built as a plain element:
/// the crate's own `Text` type writes its content on separate lines, which
/// would add spaces.
fn text_node(x: f64, y: f64, content: &str) -> Element {
    let mut node = Element::new("text");
    node.assign("x", fmt_num(x));
    node.assign("y", fmt_num(y));
    // Spaces must print as typed, as they do in the PDF.
    if content.starts_with(' ') || content.ends_with(' ') || content.contains("  ") {
        node.assign("xml:space", "preserve");
    }
    node.append(svg::node::Text::new(xml_text(content)));
    node
}

fn push_text(
    doc: &mut svg::Document,
    batch: &mut Option<TextBatch>,
    style: TextStyle,
    node: Element,
) {
    match batch {
        Some(b) if b.style == style => b.nodes.push(node),
        _ => {
            flush_texts(doc, batch);
            *batch = Some(TextBatch {
                style,
                nodes: vec![node],
            });
        }
    }
}

fn flush_texts(doc: &mut svg::Document, batch: &mut Option<TextBatch>) {
    let Some(TextBatch { style, mut nodes }) = batch.take() else {
        return;
    };
    if nodes.len() == 1 {
        let mut node = nodes.swap_remove(0);
        style.apply(&mut node);
        doc.append(node);
        return;
    }
    let mut group = Group::new();
    style.apply(&mut group);
    for node in nodes {
        group.append(node);
    }
    doc.append(group);
}

/// Adds a text: one `<text>` if a single face sets it, else one per face run
/// at the x positions the shaper gives.
fn add_text(doc: &mut svg::Document, batch: &mut Option<TextBatch>, text: &crate::display::Text) {
    let runs = fonts::font_runs(&text.content, text.weight);
    match runs.as_slice() {
        [] => {}
        [(face, _)] => {
            let style = TextStyle {
                face: *face,
                size: text.size,
                color: text.color,
                anchor: text.anchor,
            };
            push_text(
                doc,
                batch,
                style,
                text_node(text.pos.x, text.pos.y, &text.content),
            );
        }
        _ => {
            let shaped = fonts::shape(&text.content, text.weight);
            let mut x = text_start_x(text, shaped.advance * text.size);
            for run in &shaped.runs {
                let style = TextStyle {
                    face: run.face,
                    size: text.size,
                    color: text.color,
                    anchor: Anchor::Start,
                };
                let node = text_node(x, text.pos.y, &text.content[run.range.clone()]);
                push_text(doc, batch, style, node);
                x += run.advance * text.size;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::{FontWeight, Rect};

    #[test]
    fn numbers_have_at_most_three_decimals_and_no_trailing_zeros() {
        let cases = [
            (0.0, "0"),
            (210.0, "210"),
            (0.25, "0.25"),
            (1.0 / 3.0, "0.333"),
            (2.0 / 3.0, "0.667"),
            (-0.0001, "0"),
            (-1.5, "-1.5"),
            (12.3456, "12.346"),
            (99.9999, "100"),
            (1e-9, "0"),
            (-210.05, "-210.05"),
            (0.1 + 0.2, "0.3"),
            (1234567.0009, "1234567.001"),
        ];
        for (v, want) in cases {
            assert_eq!(fmt_num(v), want, "{v}");
        }
    }

    fn sample_page() -> Page {
        let mut page = Page::new(210.0, 297.0);
        page.line(
            Point::new(10.0, 10.0),
            Point::new(20.0, 10.0),
            Stroke::solid(0.25),
        );
        page.rect(
            Rect::new(5.0, 5.0, 6.0, 6.0),
            Some(Color::grey(200)),
            Some(Stroke {
                dash: Some((1.0, 0.5)),
                ..Stroke::solid(0.1)
            }),
        );
        page.text(crate::display::Text {
            pos: Point::new(105.0, 50.0),
            size: 4.0,
            anchor: Anchor::Middle,
            weight: FontWeight::Bold,
            color: Color::BLACK,
            content: "Title & <name>".into(),
        });
        page.text(crate::display::Text {
            pos: Point::new(10.0, 60.0),
            size: 4.0,
            anchor: Anchor::End,
            weight: FontWeight::Regular,
            color: Color::grey(128),
            content: "Thai ไทย".into(),
        });
        page
    }

    #[test]
    fn page_is_true_scale_and_items_are_written() {
        let meta = Metadata {
            title: "A sheet".into(),
            subject: Some("map34".into()),
            ..Default::default()
        };
        let svg = render_page(&sample_page(), &meta);
        assert!(svg.contains(r#"width="210mm""#), "{svg}");
        assert!(svg.contains(r#"height="297mm""#));
        assert!(svg.contains(r#"viewBox="0 0 210 297""#));
        assert!(svg.contains("<title>A sheet</title>"));
        assert!(svg.contains("<desc>map34</desc>"));
        assert!(svg.contains(r#"d="M10 10L20 10""#));
        assert!(svg.contains(r#"stroke-linecap="square""#));
        assert!(svg.contains(r#"stroke-dasharray="1 0.5""#));
        assert!(svg.contains(r##"fill="#c8c8c8""##));
        assert!(svg.contains("Title &amp; &lt;name&gt;</text>"), "{svg}");
        assert!(svg.contains(r#"text-anchor="middle""#));
        assert!(svg.contains(r#"font-weight="bold""#));
        // The mixed-script text is split into a Latin and a Thai run.
        assert!(
            svg.contains(r#"font-family="Noto Sans Thai, sans-serif""#),
            "{svg}"
        );
        assert!(svg.contains(">ไทย</text>"));
        assert_eq!(svg, render_page(&sample_page(), &meta));
    }

    #[test]
    fn texts_that_look_alike_share_a_group() {
        let mut page = Page::new(100.0, 100.0);
        for (i, digit) in ["1", "2", "3"].into_iter().enumerate() {
            page.text(crate::display::Text {
                pos: Point::new(10.0 + i as f64, 10.0),
                size: 2.0,
                anchor: Anchor::Middle,
                weight: FontWeight::Regular,
                color: Color::grey(150),
                content: digit.into(),
            });
        }
        let svg = render_page(&page, &Metadata::default());
        assert_eq!(svg.matches("<g ").count(), 1, "{svg}");
        assert_eq!(svg.matches("font-size=").count(), 1, "{svg}");
        assert!(svg.contains(r#"<text x="11" y="10">2</text>"#), "{svg}");
    }
}
