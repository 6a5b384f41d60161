//go:build ignore

// Writes the spreadsheet bombs of bomb_test.go: small files that decompress, or claim, far
// more than the import reads (docs/imports.md, "Spreadsheet bombs"). Run from the
// repository root: go run pkg/imports/pipeline/testdata/make-bombs.go
package main

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
)

const dir = "pkg/imports/pipeline/testdata"

const zeros = 128 << 20 // each bomb's hidden part: 128 MiB of zeros, about 128 KB deflated

func main() {
	base, err := os.ReadFile(filepath.Join(dir, "diet_types.xlsx"))
	check(err)
	// A part of zeros where a picture would be, and one where document properties are.
	write("bomb_media.xlsx", withParts(base, func(zw *zip.Writer) { zeroPart(zw, "xl/media/image1.bin", zeros, zeros) }))
	write("bomb_docprops.xlsx", withParts(base, func(zw *zip.Writer) { zeroPart(zw, "docProps/custom.xml", zeros, zeros) }))
	// A part whose central directory claims 1 KiB but that inflates to 128 MiB.
	write("bomb_lying.xlsx", withParts(base, func(zw *zip.Writer) { zeroPart(zw, "docProps/custom.xml", zeros, 1024) }))
	// More parts than a workbook has.
	write("bomb_parts.xlsx", withParts(base, func(zw *zip.Writer) {
		for i := range 1001 {
			_, err := zw.Create(fmt.Sprintf("x/%d", i))
			check(err)
		}
	}))

	xls, err := os.ReadFile("pkg/users/testdata/users.xls")
	check(err)
	// users.xls whose shared-string table claims 2^31-1 strings (the .xls reader would make
	// room for them all).
	sst := append([]byte{}, xls...)
	i := bytes.Index(sst, []byte{0xFC, 0x00})
	if i < 0 {
		panic("no SST record")
	}
	binary.LittleEndian.PutUint32(sst[i+8:], 0x7FFFFFFF)
	write("bomb_sst.xls", sst)
	// users.xls whose workbook stream says it is under 4 KiB: such a stream lives in the
	// mini-stream, which the .xls reader cannot read.
	small := append([]byte{}, xls...)
	entry := bytes.Index(small, utf16z("Workbook"))
	if entry < 0 {
		panic("no Workbook entry")
	}
	binary.LittleEndian.PutUint32(small[entry+120:], 3000)
	write("small.xls", small)
}

// withParts copies the workbook zip and adds parts.
func withParts(base []byte, add func(*zip.Writer)) []byte {
	zr, err := zip.NewReader(bytes.NewReader(base), int64(len(base)))
	check(err)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		check(zw.Copy(f))
	}
	add(zw)
	check(zw.Close())
	return buf.Bytes()
}

// zeroPart adds a part of n zeros whose headers declare size bytes.
func zeroPart(zw *zip.Writer, name string, n, size int) {
	var deflated bytes.Buffer
	fw, err := flate.NewWriter(&deflated, flate.BestCompression)
	check(err)
	crc := crc32.NewIEEE()
	_, err = io.CopyN(io.MultiWriter(fw, crc), zeroReader{}, int64(n))
	check(err)
	check(fw.Close())
	w, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: crc.Sum32(),
		CompressedSize64: uint64(deflated.Len()), UncompressedSize64: uint64(size)})
	check(err)
	_, err = w.Write(deflated.Bytes())
	check(err)
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func utf16z(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r), 0)
	}
	return append(b, 0, 0)
}

func write(name string, b []byte) {
	check(os.WriteFile(filepath.Join(dir, name), b, 0o644))
	fmt.Printf("%s: %d bytes\n", name, len(b))
}

func check(err error) {
	if err != nil {
		panic(err)
	}
}
