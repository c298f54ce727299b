"""Compresses one file with xz the way the page's engine download needs (scripts/build-wasm.mjs).

    python3 scripts/xz.py IN OUT

LZMA2 at preset 9 | PRESET_EXTREME with a 2 MiB dictionary and a CRC32 check (the page's
decoder, xz-decompress, checks it). The dictionary is 2 MiB because the engine is 1.2 MB: a
larger one (9e's default is 64 MiB) finds nothing more and every page decoding it would
allocate it. liblzma writes the same bytes for the same input and options.
"""
import lzma
import sys

FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 2 << 20}]

if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: xz.py IN OUT")
    with open(sys.argv[1], "rb") as f:
        data = f.read()
    packed = lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=FILTERS)
    with open(sys.argv[2], "wb") as f:
        f.write(packed)
