/// A type an option's or argument's text converts to. A value that does not convert is a
/// usage error naming the option and the value (`The value 'abc' is invalid for '-t <t>'`).
protocol ArgumentValue {
    init?(argument: String)
    /// Every value there is, when there are a few: listed in the error for a wrong one.
    static var allowedValues: [String] { get }
}

extension ArgumentValue {
    static var allowedValues: [String] { [] }
}

extension String: ArgumentValue {
    init?(argument: String) { self = argument }
}

/// Decimal, as Swift's `Int("...")` reads it: an optional sign, digits only.
extension Int: ArgumentValue {
    init?(argument: String) { self.init(argument) }
}

/// As Swift's `Double("...")` reads it (C's strtod without the locale): "0.5", "1e-3",
/// "inf", "nan"; range checks are the command's.
extension Double: ArgumentValue {
    init?(argument: String) { self.init(argument) }
}
