package xlsxread

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"unicode/utf16"
)

// checkOLE walks an .xls file's OLE2 structure before the .xls reader does, refusing what
// that reader would loop on or allocate for without bound: sector chains that run outside
// the file or in a circle, a workbook stream larger than the file, and a shared-string
// table counting more strings than its stream can hold. It also refuses the small workbooks
// the reader cannot read (ErrSmallXLS). The reader assumes 512-byte sectors; so does this.
func checkOLE(data []byte) error {
	const sector = 512
	const endOfChain, freeSect = 0xFFFFFFFE, 0xFFFFFFFF
	if len(data) < 2*sector || !bytes.Equal(data[:8], []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}) {
		return fmt.Errorf("%w: no OLE2 header", ErrNotWorkbook)
	}
	le := binary.LittleEndian
	if le.Uint16(data[0x1E:]) != 9 {
		return fmt.Errorf("%w: sectors other than 512 bytes", ErrNotWorkbook)
	}
	n := uint32((len(data) - sector) / sector) // sectors in the file
	at := func(sid uint32) []byte { return data[sector+int(sid)*sector : sector+int(sid+1)*sector] }

	// The sector allocation table: its sectors are listed in the header (109 at most) and
	// then in a chain of DIFAT sectors.
	cfat, difStart, cdif := le.Uint32(data[0x2C:]), le.Uint32(data[0x44:]), le.Uint32(data[0x48:])
	if cfat > n || cdif > n || le.Uint32(data[0x40:]) > n {
		return fmt.Errorf("%w: allocation tables larger than the file", ErrNotWorkbook)
	}
	var fatSectors []uint32
	for i := uint32(0); i < cfat && i < 109; i++ {
		fatSectors = append(fatSectors, le.Uint32(data[0x4C+4*i:]))
	}
	for sid, steps := difStart, uint32(0); sid != endOfChain && sid != freeSect; steps++ {
		if sid >= n || steps > n {
			return fmt.Errorf("%w: DIFAT chain out of the file", ErrNotWorkbook)
		}
		s := at(sid)
		for i := 0; i < sector/4-1; i++ {
			if v := le.Uint32(s[4*i:]); v < n {
				fatSectors = append(fatSectors, v)
			}
		}
		sid = le.Uint32(s[sector-4:])
	}
	var fat []uint32
	for _, sid := range fatSectors {
		if sid >= n {
			return fmt.Errorf("%w: FAT sector out of the file", ErrNotWorkbook)
		}
		s := at(sid)
		for i := 0; i < sector/4; i++ {
			fat = append(fat, le.Uint32(s[4*i:]))
		}
	}
	// chain answers the sectors of the chain starting at sid, refusing one that leaves the
	// file or comes back on itself (longer than the file has sectors).
	chain := func(sid uint32) ([]uint32, error) {
		var out []uint32
		for sid != endOfChain {
			if sid >= n || sid >= uint32(len(fat)) || uint32(len(out)) >= n {
				return nil, fmt.Errorf("%w: sector chain out of the file", ErrNotWorkbook)
			}
			out = append(out, sid)
			sid = fat[sid]
		}
		return out, nil
	}

	dir, err := chain(le.Uint32(data[0x30:]))
	if err != nil {
		return err
	}
	var book []byte // the workbook stream's directory entry
	for _, sid := range dir {
		s := at(sid)
		for e := 0; e < sector; e += 128 {
			entry := s[e : e+128]
			nameLen := int(le.Uint16(entry[64:]))
			if nameLen < 2 || nameLen > 64 {
				continue
			}
			u := make([]uint16, nameLen/2-1)
			for i := range u {
				u[i] = le.Uint16(entry[2*i:])
			}
			if name := string(utf16.Decode(u)); entry[66] == 2 && (name == "Workbook" || name == "Book") {
				book = entry
			}
		}
	}
	if book == nil {
		return fmt.Errorf("%w: no workbook stream", ErrNotWorkbook)
	}
	size := le.Uint32(book[120:])
	if size < le.Uint32(data[0x38:]) {
		return fmt.Errorf("%w: %d bytes", ErrSmallXLS, size)
	}
	sids, err := chain(le.Uint32(book[116:]))
	if err != nil {
		return err
	}
	if uint64(len(sids))*sector < uint64(size) {
		return fmt.Errorf("%w: workbook stream longer than its sectors", ErrNotWorkbook)
	}
	stream := make([]byte, 0, len(sids)*sector)
	for _, sid := range sids {
		stream = append(stream, at(sid)...)
	}
	stream = stream[:size]

	// BIFF records: the shared-string table (SST, 0x00FC) counts its strings, and the
	// reader makes room for that many; each takes at least 3 bytes of the stream.
	for p := 0; p+4 <= len(stream); {
		typ, l := le.Uint16(stream[p:]), int(le.Uint16(stream[p+2:]))
		if typ == 0x00FC && p+12 <= len(stream) {
			if unique := le.Uint32(stream[p+8:]); uint64(unique)*3 > uint64(len(stream)) {
				return fmt.Errorf("%w: %d shared strings in %d bytes", ErrTooLarge, unique, len(stream))
			}
		}
		p += 4 + l
	}
	return nil
}
