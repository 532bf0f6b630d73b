//! The arrangement engine: measures parts and boxes, shares space among the
//! items sized to fit, and places everything on the page.
//!
//! Along a box's direction its items take space in three rounds: first the
//! items of fixed size; then the items that shrink from a preferred size to a
//! minimum (a strategic field with `min-cell`), given everything left except
//! what the growing items need at the least; last the growing items (`"fit"`
//! sizes), which share what remains equally.

use std::cell::RefCell;
use std::collections::HashMap;

use crate::display::{Rect, Size};
use crate::parts::{Context, PartGeometry, PartRef};
use crate::spec::raw::Node;
use crate::spec::{Align, BoxSpec, Direction, Justify, Spec};

/// Measuring and placing along a box's direction.
trait Axes {
    fn along(self, dir: Direction) -> (f64, f64);
    fn from_axes(dir: Direction, main: f64, cross: f64) -> Self;
}

impl Axes for Size {
    fn along(self, dir: Direction) -> (f64, f64) {
        match dir {
            Direction::Row => (self.w, self.h),
            Direction::Column => (self.h, self.w),
        }
    }
    fn from_axes(dir: Direction, main: f64, cross: f64) -> Size {
        match dir {
            Direction::Row => Size { w: main, h: cross },
            Direction::Column => Size { w: cross, h: main },
        }
    }
}

/// A part with its place on the page and what measuring decided for it.
#[derive(Debug, Clone)]
pub(super) struct Placed<'a> {
    /// The part's id.
    pub(super) id: String,
    /// The part.
    pub(super) part: PartRef<'a>,
    /// Everything the part draws lies inside this rectangle.
    pub(super) rect: Rect,
    /// The part's geometry, placed.
    pub(super) geometry: PartGeometry,
}

#[derive(Clone)]
enum Measured<'a> {
    Part {
        id: String,
        part: PartRef<'a>,
        geometry: PartGeometry,
    },
    Box {
        spec: &'a BoxSpec,
        dir: Direction,
        size: Size,
        children: Vec<Measured<'a>>,
        /// For each child, the sibling it is aligned to, if any.
        aligned: Vec<Option<usize>>,
    },
}

impl Measured<'_> {
    fn size(&self) -> Size {
        match self {
            Measured::Part { geometry, .. } => geometry.size(),
            Measured::Box { size, .. } => *size,
        }
    }
}

struct Engine<'a, 'c> {
    nodes: HashMap<String, Node<'a>>,
    cx: &'c Context,
    landscape: bool,
    /// Whether each box grows along the width and the height and whether it
    /// shrinks, by the box's address: asked at every level of a nesting, so
    /// worked out once per box (boxes nest at most
    /// [`crate::limits::BOX_DEPTH`] deep, so the first working out is
    /// bounded too).
    box_traits: RefCell<HashMap<*const BoxSpec, (bool, bool, bool)>>,
    /// Every box measured, by its address and the space it was given: a
    /// box is measured again with the same space (the least a growing item
    /// needs, a wrapped row measured as a column), and without this each
    /// level of nesting would multiply the work.
    measured: RefCell<HashMap<(*const BoxSpec, u64, u64), Measured<'a>>>,
}

impl<'a> Engine<'a, '_> {
    /// The nodes a box holds, with their ids (every id was checked to name
    /// a node when the spec was read).
    fn items(&self, b: &'a BoxSpec) -> Vec<(String, Node<'a>)> {
        b.items
            .iter()
            .filter_map(|i| Some((i.get_ref().clone(), *self.nodes.get(i.get_ref())?)))
            .collect()
    }

    /// Whether a box grows along the width, the height, and whether it shrinks.
    fn box_traits(&self, b: &'a BoxSpec) -> (bool, bool, bool) {
        let key: *const BoxSpec = b;
        if let Some(t) = self.box_traits.borrow().get(&key) {
            return *t;
        }
        let mut t = (false, false, false);
        for (_, n) in self.items(b) {
            let (fw, fh) = self.flex(&n);
            t = (t.0 || fw, t.1 || fh, t.2 || self.shrinks(&n));
        }
        self.box_traits.borrow_mut().insert(key, t);
        t
    }

    /// Whether a node grows with the space given along the width and height.
    fn flex(&self, node: &Node<'a>) -> (bool, bool) {
        match node {
            Node::Part(p) => p.grows(),
            Node::Box(b) => {
                let (w, h, _) = self.box_traits(b);
                (w, h)
            }
        }
    }

    /// Whether a node shrinks towards a minimum when space is short.
    fn shrinks(&self, node: &Node<'a>) -> bool {
        match node {
            Node::Part(p) => p.shrinks(),
            Node::Box(b) => self.box_traits(b).2,
        }
    }

    fn direction(&self, b: &BoxSpec) -> Direction {
        match b.landscape_direction {
            Some(d) if self.landscape => d,
            _ => b.direction,
        }
    }

    fn measure(&self, id: &str, node: &Node<'a>, avail: Size) -> Measured<'a> {
        match node {
            Node::Part(p) => Measured::Part {
                id: id.to_string(),
                part: *p,
                geometry: p.measure(avail, self.cx),
            },
            Node::Box(b) => {
                let key = (*b as *const BoxSpec, avail.w.to_bits(), avail.h.to_bits());
                if let Some(m) = self.measured.borrow().get(&key) {
                    return m.clone();
                }
                let m = self.measure_box(b, &self.items(b), avail);
                self.measured.borrow_mut().insert(key, m.clone());
                m
            }
        }
    }

    fn measure_box(
        &self,
        b: &'a BoxSpec,
        items: &[(String, Node<'a>)],
        avail: Size,
    ) -> Measured<'a> {
        let dir = self.direction(b);
        let row = self.measure_along(b, dir, items, avail);
        if b.wrap && dir == Direction::Row && row.size().w > avail.w + 1e-6 {
            return self.measure_along(b, Direction::Column, items, avail);
        }
        row
    }

    fn measure_along(
        &self,
        b: &'a BoxSpec,
        dir: Direction,
        items: &[(String, Node<'a>)],
        avail: Size,
    ) -> Measured<'a> {
        let (avail_main, avail_cross) = avail.along(dir);
        let gaps = b.gap * items.len().saturating_sub(1) as f64;
        let grows = |n: &Node<'a>| self.grows_along(n, dir);
        let shrinks = |n: &Node<'a>| !grows(n) && self.shrinks(n);
        let mut children: Vec<Option<Measured<'a>>> = items.iter().map(|_| None).collect();
        let mut used = gaps;
        let measure_into =
            |slot: &mut Option<Measured<'a>>, id: &str, node, room: f64, cross: f64| {
                let m = self.measure(id, node, Size::from_axes(dir, room.max(0.0), cross));
                let len = m.size().along(dir).0;
                *slot = Some(m);
                len
            };
        // The cross extent an item is measured in: the whole box's, or for
        // a box aligned to a sibling measured before it, that sibling's.
        let cross_of = |children: &[Option<Measured<'a>>], node: &Node<'a>| {
            self.aligned_to(node, items)
                .and_then(|k| children[k].as_ref())
                .map_or(avail_cross, |m| m.size().along(dir).1)
        };
        for (i, (id, node)) in items.iter().enumerate() {
            if !grows(node) && !shrinks(node) {
                let cross = cross_of(&children, node);
                used += measure_into(&mut children[i], id, node, avail_main - used, cross);
            }
        }
        if items.iter().any(|(_, n)| shrinks(n)) {
            let growing_least = self.growing_least(items, dir, avail_cross);
            for (i, (id, node)) in items.iter().enumerate() {
                if shrinks(node) {
                    let cross = cross_of(&children, node);
                    let room = avail_main - used - growing_least;
                    used += measure_into(&mut children[i], id, node, room, cross);
                }
            }
        }
        let growing = children.iter().filter(|c| c.is_none()).count();
        if growing > 0 {
            let share = (avail_main - used) / growing as f64;
            for (i, (id, node)) in items.iter().enumerate() {
                if children[i].is_none() {
                    let cross = cross_of(&children, node);
                    measure_into(&mut children[i], id, node, share, cross);
                }
            }
        }
        let aligned: Vec<Option<usize>> = items
            .iter()
            .map(|(_, n)| self.aligned_to(n, items))
            .collect();
        let children: Vec<Measured<'a>> = children.into_iter().flatten().collect();
        let main = children.iter().map(|c| c.size().along(dir).0).sum::<f64>() + gaps;
        let cross = children
            .iter()
            .map(|c| c.size().along(dir).1)
            .fold(0.0, f64::max);
        Measured::Box {
            spec: b,
            dir,
            size: Size::from_axes(dir, main, cross),
            children,
            aligned,
        }
    }

    /// Whether `n` grows along `dir` (takes a share of the room left).
    fn grows_along(&self, n: &Node<'a>, dir: Direction) -> bool {
        let (fw, fh) = self.flex(n);
        match dir {
            Direction::Row => fw,
            Direction::Column => fh,
        }
    }

    /// The length along `dir` the growing items need at the least (each
    /// measured with no room), kept free while the shrinking ones are
    /// measured.
    fn growing_least(&self, items: &[(String, Node<'a>)], dir: Direction, cross: f64) -> f64 {
        items
            .iter()
            .filter(|(_, n)| self.grows_along(n, dir))
            .map(|(id, n)| {
                let least = Size::from_axes(dir, 0.0, cross);
                self.measure(id, n, least).size().along(dir).0
            })
            .sum()
    }

    /// The index among `items` of the item `node` (a box) is aligned to.
    fn aligned_to(&self, node: &Node<'a>, items: &[(String, Node<'a>)]) -> Option<usize> {
        let Node::Box(b) = node else { return None };
        let to = b.align_to.as_ref()?;
        items.iter().position(|(id, _)| id == to.get_ref())
    }

    fn place(&self, m: &Measured<'a>, rect: Rect, out: &mut Vec<Placed<'a>>) {
        match m {
            Measured::Part { id, part, geometry } => {
                let mut geometry = geometry.clone();
                geometry.place(rect.origin());
                out.push(Placed {
                    id: id.clone(),
                    part: *part,
                    rect: Rect::at(rect.origin(), geometry.size()),
                    geometry,
                });
            }
            Measured::Box {
                spec,
                dir,
                children,
                aligned,
                ..
            } => {
                let dir = *dir;
                // A wrapped row stacks its items flush at the start.
                let align = if dir == self.direction(spec) {
                    spec.align
                } else {
                    Align::Start
                };
                let (rect_main, rect_cross) = Size {
                    w: rect.w,
                    h: rect.h,
                }
                .along(dir);
                let content: f64 = children.iter().map(|c| c.size().along(dir).0).sum();
                let n = children.len();
                let free = (rect_main - content - spec.gap * n.saturating_sub(1) as f64).max(0.0);
                let (mut pos, between) = match spec.justify {
                    Justify::Start => (0.0, spec.gap),
                    Justify::Center => (free / 2.0, spec.gap),
                    Justify::End => (free, spec.gap),
                    Justify::SpaceBetween if n > 1 => (0.0, spec.gap + free / (n - 1) as f64),
                    Justify::SpaceBetween => (0.0, spec.gap),
                };
                let aligned_off = |cross: f64| {
                    let spare = rect_cross - cross;
                    let off = match align {
                        Align::Start => 0.0,
                        Align::Center => spare / 2.0,
                        Align::End => spare,
                    };
                    (off.max(0.0), cross)
                };
                for (k, child) in children.iter().enumerate() {
                    let (main, cross) = child.size().along(dir);
                    // Boxes span the whole cross extent (or their sibling's,
                    // when aligned to it) so their own justification has
                    // room to act; parts are aligned.
                    let (cross_off, cross_len) = match (child, aligned.get(k).copied().flatten()) {
                        (Measured::Box { .. }, Some(to)) => {
                            aligned_off(children[to].size().along(dir).1)
                        }
                        (Measured::Box { .. }, None) => (0.0, rect_cross),
                        (Measured::Part { .. }, _) => aligned_off(cross),
                    };
                    let r = match dir {
                        Direction::Row => {
                            Rect::new(rect.x + pos, rect.y + cross_off, main, cross_len)
                        }
                        Direction::Column => {
                            Rect::new(rect.x + cross_off, rect.y + pos, cross_len, main)
                        }
                    };
                    self.place(child, r, out);
                    pos += main + between;
                }
            }
        }
    }
}

/// Measures and places every part of `spec` on its page, whose usable area
/// is `content`.
pub(super) fn arrange<'a>(spec: &'a Spec, content: Rect, cx: &Context) -> Vec<Placed<'a>> {
    let (w, h) = spec.page().size_mm();
    let page = Size { w, h };
    let all = spec.nodes();
    let engine = Engine {
        nodes: all.iter().map(|(id, _, n)| (id.clone(), *n)).collect(),
        cx,
        landscape: spec.page().orientation == crate::spec::Orientation::Landscape,
        box_traits: RefCell::default(),
        measured: RefCell::default(),
    };
    let mut out = Vec::new();
    let root_items: Vec<(String, Node<'a>)> = spec
        .root_items()
        .into_iter()
        .filter_map(|id| {
            let n = *engine.nodes.get(&id)?;
            Some((id, n))
        })
        .collect();
    let root = engine.measure_box(
        &spec.raw().layout,
        &root_items,
        Size {
            w: content.w,
            h: content.h,
        },
    );
    engine.place(&root, content, &mut out);
    for (id, _, node) in &all {
        if let Some([x, y]) = node.at() {
            let avail = Size {
                w: (content.right().min(page.w) - x).max(0.0),
                h: (content.bottom().min(page.h) - y).max(0.0),
            };
            let m = engine.measure(id, node, avail);
            let size = m.size();
            engine.place(&m, Rect::new(x, y, size.w, size.h), &mut out);
        }
    }
    out
}
