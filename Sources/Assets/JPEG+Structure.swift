extension JPEG {
    /// What a walk over a JPEG's markers found: the shape of the data, not whether its
    /// contents are valid.
    enum Structure: Equatable {
        /// An EOI marker ends the image, at byte offset `end` (just after it).
        case complete(end: Int)
        /// The data stops before an EOI marker: inside a marker segment, inside
        /// entropy-coded data, or between the two.
        case truncated
        /// Something that is not a marker where one must be (bytes between segments,
        /// a segment length below 2): libjpeg's own message will say more.
        case malformed(at: Int)
    }

    /// Walks the marker segments of `data` (which starts with SOI) to its EOI: each
    /// segment is skipped by its length, each scan's entropy-coded data by looking for
    /// the next marker (FF followed by anything but 00, a fill FF or RST0...RST7).
    ///
    /// This is how a decode failure is classed: libjpeg turns a missing end into a
    /// warning plus fake EOI markers, and the error it then reports depends on where the
    /// cut fell ("Bogus Huffman table definition", "missing SOS marker", ...). A walk
    /// that runs out of data is the unambiguous sign of a truncated file.
    static func structure(of data: UnsafeBufferPointer<UInt8>) -> Structure {
        let n = data.count
        guard n >= 2, data[0] == 0xFF, data[1] == 0xD8 else { return .malformed(at: 0) }
        var at = 2
        while true {
            // A marker: FF, any number of fill FFs, then the code.
            guard at < n else { return .truncated }
            guard data[at] == 0xFF else { return .malformed(at: at) }
            while at < n && data[at] == 0xFF { at += 1 }
            guard at < n else { return .truncated }
            let code = data[at]
            at += 1
            switch code {
            case 0xD9:  // EOI
                return .complete(end: at)
            case 0xD0...0xD7, 0x01:  // RSTn, TEM: no length
                continue
            case 0x00, 0xD8:  // a stuffed zero or a second SOI outside entropy data
                return .malformed(at: at - 2)
            default:
                guard at + 2 <= n else { return .truncated }
                let length = Int(data[at]) << 8 | Int(data[at + 1])
                guard length >= 2 else { return .malformed(at: at) }
                guard at + length <= n else { return .truncated }
                at += length
                if code == 0xDA {  // SOS: entropy-coded data up to the next real marker
                    while true {
                        guard at + 1 < n else { return .truncated }
                        if data[at] != 0xFF {
                            at += 1
                        } else if data[at + 1] == 0x00 || (0xD0...0xD7).contains(data[at + 1]) {
                            at += 2
                        } else if data[at + 1] == 0xFF {
                            at += 1
                        } else {
                            break
                        }
                    }
                }
            }
        }
    }
}
