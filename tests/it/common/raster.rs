//! Pages as pixels: an SVG rasterised with resvg in the embedded fonts, a
//! PDF page with `pdftoppm`, and rasters compared. Shared by the
//! integration tests (through `common`) and by the unit tests of the sheets
//! crate that look at pixels (which include this file).

use std::process::Command;
use std::sync::Arc;

use resvg::{tiny_skia, usvg};

/// An RGB raster, row-major, 3 bytes per pixel.
#[derive(Debug, Clone)]
pub struct Raster {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// `width * height * 3` bytes of RGB.
    pub rgb: Vec<u8>,
}

impl Raster {
    /// The RGB value at `(x, y)`.
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// Number of pixels in the rectangle `[x0, x1) × [y0, y1)` (pixels,
    /// clamped to the raster) darker than `threshold` in some channel.
    pub fn ink_pixels_in(
        &self,
        x0: usize,
        y0: usize,
        x1: usize,
        y1: usize,
        threshold: u8,
    ) -> usize {
        let (x1, y1) = (x1.min(self.width), y1.min(self.height));
        let mut n = 0;
        for y in y0..y1 {
            for x in x0..x1 {
                if self.pixel(x, y).iter().any(|&c| c < threshold) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Number of non-white pixels (some channel below 250) on the whole raster.
    pub fn ink_pixels(&self) -> usize {
        self.ink_pixels_in(0, 0, self.width, self.height, 250)
    }
}

/// Converts a length in mm to PDF points, as the backends place things.
pub fn mm_to_pt(mm: f64) -> f64 {
    mm / (25.4 / 72.0)
}

/// Converts a length in mm to pixels at `dpi`.
pub fn mm_to_px(mm: f64, dpi: u32) -> f64 {
    mm / 25.4 * f64::from(dpi)
}

/// The embedded fonts in a fontdb, as resvg needs them to draw our text
/// (the ones `render -o sheet.png` draws with).
fn font_database() -> Arc<usvg::fontdb::Database> {
    paperboard_sheets::backend::png::fonts()
}

/// Rasterises an SVG at `dpi` on a white background with resvg. Only the
/// embedded fonts are available, so a font the SVG names but we do not ship
/// shows up as missing text, not as a system substitute.
pub fn rasterize_svg(svg: &str, dpi: u32) -> Raster {
    let options = usvg::Options {
        dpi: dpi as f32,
        fontdb: font_database(),
        font_family: "Noto Sans".into(),
        ..Default::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).expect("SVG parses");
    let size = tree.size();
    let (w, h) = (size.width().ceil() as u32, size.height().ceil() as u32);
    let mut pixmap = tiny_skia::Pixmap::new(w, h).expect("non-empty SVG");
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    // The background is opaque, so the premultiplied values are the colours.
    let rgb = pixmap
        .pixels()
        .iter()
        .flat_map(|p| [p.red(), p.green(), p.blue()])
        .collect();
    Raster {
        width: w as usize,
        height: h as usize,
        rgb,
    }
}

/// Rasterises page `page` (from 1) of a PDF at `dpi` with `pdftoppm`.
pub fn rasterize_pdf_page(pdf: &[u8], page: usize, dpi: u32) -> Raster {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("in.pdf");
    std::fs::write(&input, pdf).expect("write pdf");
    let out = Command::new("pdftoppm")
        .args([
            "-r",
            &dpi.to_string(),
            "-f",
            &page.to_string(),
            "-l",
            &page.to_string(),
        ])
        .arg(&input)
        .output()
        .expect("pdftoppm runs (install poppler-utils)");
    assert!(
        out.status.success(),
        "pdftoppm failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    parse_ppm(&out.stdout)
}

/// Parses a binary PPM (P6, maxval 255), as `pdftoppm` writes to stdout.
fn parse_ppm(bytes: &[u8]) -> Raster {
    let mut fields = Vec::new();
    let mut pos = 0;
    while fields.len() < 4 {
        while bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if bytes[pos] == b'#' {
            while bytes[pos] != b'\n' {
                pos += 1;
            }
            continue;
        }
        let start = pos;
        while !bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        fields.push(std::str::from_utf8(&bytes[start..pos]).unwrap().to_string());
    }
    assert_eq!(fields[0], "P6", "not a binary PPM");
    assert_eq!(fields[3], "255", "unexpected PPM depth");
    let width: usize = fields[1].parse().unwrap();
    let height: usize = fields[2].parse().unwrap();
    let data = &bytes[pos + 1..];
    assert_eq!(data.len(), width * height * 3, "truncated PPM");
    Raster {
        width,
        height,
        rgb: data.to_vec(),
    }
}

/// How two rasters of the same page differ.
#[derive(Debug, Clone, Copy)]
pub struct RasterDiff {
    /// Pixels compared (the common area of both rasters).
    pub compared: usize,
    /// Pixels whose channels differ by more than the tolerance.
    pub differing: usize,
    /// Pixels that are non-white in either raster.
    pub ink: usize,
}

impl RasterDiff {
    /// Differing pixels as a fraction of all compared pixels.
    pub fn fraction(&self) -> f64 {
        self.differing as f64 / self.compared.max(1) as f64
    }

    /// Differing pixels as a fraction of the inked ones: much stricter than
    /// [`RasterDiff::fraction`] on a mostly white page.
    pub fn fraction_of_ink(&self) -> f64 {
        self.differing as f64 / self.ink.max(1) as f64
    }
}

/// Compares two rasters pixel by pixel. A pixel differs when some channel
/// differs by more than `tolerance` (0..=255; anti-aliasing of two renderers
/// differs by a few dozen levels on edges). The rasters must agree in size to
/// within one pixel (rounding of the page size); the common area is compared.
pub fn compare_rasters(a: &Raster, b: &Raster, tolerance: u8) -> RasterDiff {
    assert!(
        a.width.abs_diff(b.width) <= 1 && a.height.abs_diff(b.height) <= 1,
        "raster sizes differ: {}×{} vs {}×{}",
        a.width,
        a.height,
        b.width,
        b.height
    );
    let (w, h) = (a.width.min(b.width), a.height.min(b.height));
    let mut diff = RasterDiff {
        compared: w * h,
        differing: 0,
        ink: 0,
    };
    for y in 0..h {
        for x in 0..w {
            let (p, q) = (a.pixel(x, y), b.pixel(x, y));
            if p.iter().chain(&q).any(|&c| c < 250) {
                diff.ink += 1;
            }
            if p.iter().zip(&q).any(|(c, d)| c.abs_diff(*d) > tolerance) {
                diff.differing += 1;
            }
        }
    }
    diff
}
