"""Set a TrueType font's OS/2 table version from 4 to 3 (same layout) and fix the checksums,
so pdfTeX 1.40.24 (TeX Live 2022) embeds it. Glyphs and metrics are unchanged."""
import struct, sys
def checksum(b):
    b = b + b'\0' * (-len(b) % 4)
    return sum(struct.unpack('>%dI' % (len(b)//4), b)) & 0xffffffff
src, dst = sys.argv[1], sys.argv[2]
data = bytearray(open(src, 'rb').read())
n = struct.unpack('>H', data[4:6])[0]
tables = {}
for i in range(n):
    off = 12 + 16*i
    tag = bytes(data[off:off+4]).decode()
    cs, o, l = struct.unpack('>III', data[off+4:off+16])
    tables[tag] = (off, o, l)
off, o, l = tables['OS/2']
if struct.unpack('>H', data[o:o+2])[0] == 4:
    data[o:o+2] = struct.pack('>H', 3)
    data[off+4:off+8] = struct.pack('>I', checksum(bytes(data[o:o+l])))
# head.checkSumAdjustment = 0xB1B0AFBA - checksum(font with it zeroed)
hoff, ho, hl = tables['head']
data[ho+8:ho+12] = b'\0\0\0\0'
data[hoff+4:hoff+8] = struct.pack('>I', checksum(bytes(data[ho:ho+hl])))
data[ho+8:ho+12] = struct.pack('>I', (0xB1B0AFBA - checksum(bytes(data))) & 0xffffffff)
open(dst, 'wb').write(data)
