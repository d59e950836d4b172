//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Argument Parser open source project
//
// Copyright (c) 2025 Apple Inc. and the Swift project authors
// Licensed under Apache License v2.0 with Runtime Library Exception
//
// See https://swift.org/LICENSE.txt for license information
//
//===----------------------------------------------------------------------===//

// Vitrine's copy (Vendor/README.md): this file imported FoundationEssentials for two
// things, an error's `LocalizedError.errorDescription` and the JSON of
// `--experimental-dump-help`; linked statically, FoundationEssentials was about a
// quarter of the kiosk's binary. Without it an error is described as
// `String(describing:)` (what upstream does when FoundationEssentials is there and the
// error is no LocalizedError, as none of Vitrine's are), and the dump-help JSON is a
// one-line refusal.

extension Error {
  func describe() -> String {
    String(describing: self)
  }
}

enum JSONEncoder {
  static func encode<T: Encodable>(_ value: T) -> String {
    #"{"error": "--experimental-dump-help is not built into this program (no Foundation)"}"#
  }
}
