/// The scan `vitrine run` without a board does (the README's commands): the first DRM card with a
/// connected connector, judged from sysfs without opening anything (a card sysfs knows
/// nothing about is opened and asked).
public enum DRMProbe {
    /// The first card (by number) with a connected connector; nil when there is none.
    public static func firstConnectedCard() -> String? {
        firstConnectedCard(system: LinuxDRMSystem())
    }

    /// Each card and its connectors' states, for an exit-69 message:
    /// "/dev/dri/card0 (Virtual-1 disconnected)", or "/dev/dri (no cards)".
    public static func lookedAt() -> String { lookedAt(system: LinuxDRMSystem()) }

    static func firstConnectedCard(system: any DRMSystem) -> String? {
        system.cardPaths().first { CardSummary.of($0, system: system).hasConnected }
    }

    static func lookedAt(system: any DRMSystem) -> String {
        let cards = system.cardPaths()
        if cards.isEmpty { return "/dev/dri (no cards)" }
        return cards.map { CardSummary.of($0, system: system).description }.joined(separator: ", ")
    }
}
