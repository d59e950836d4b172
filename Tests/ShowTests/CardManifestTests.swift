import ConfigFile
import Testing

@testable import Show

/// The card list's tip keys: a flip's angle and offset default to 90° and none, a
/// rotate's to the article's -15° and (-20, -20); given keys win either way, in any
/// order; bad values name the file, line and key (the rest of the messages are in
/// `ManifestErrorTests`).
@Suite struct CardManifestTests {
    static func list(_ keys: String) throws -> CardList {
        let text = ManifestFixture.text.replacing(
            """
            tip = "rotate"
            tip_angle = -15
            tip_offset = [-20, -20]
            tip_opacity = 0.8
            tip_duration = 0.4
            again = "none"
            """, with: keys)
        return try Show.parse(text: text, path: "show.toml").cardLists[0]
    }

    @Test func flipDefaults() throws {
        let flip = try Self.list("tip = \"flip\"")
        #expect(flip.tip == .flip && flip.tipAngle == 90 && flip.tipOffsetX == 0 && flip.tipOffsetY == 0)
        #expect(flip.tipOpacity == 0.8 && flip.tipDuration == 0.4 && flip.again == .none)
        let rotate = try Self.list("")
        #expect(rotate.tip == .rotate && rotate.tipAngle == -15 && rotate.tipOffsetX == -20 && rotate.tipOffsetY == -20)
        // Given keys win, before or after `tip`.
        let given = try Self.list("tip_angle = 60\ntip_offset = [3, 4]\ntip = \"flip\"\ntip_duration = 1.25")
        #expect(given.tipAngle == 60 && given.tipOffsetX == 3 && given.tipOffsetY == 4 && given.tipDuration == 1.25)
        #expect(CardList(id: "a", title: "A", items: [], tip: .flip).tipAngle == 90)
        #expect(CardList(id: "a", title: "A", items: [], tip: .flip, tipAngle: -30).tipAngle == -30)
    }

    /// The manifest `show init` writes gives the same list back, flip and all.
    @Test func roundTrip() throws {
        var show = ManifestFixture.show
        show.cardLists[0] = CardList(
            id: "team", title: "People", items: show.cardLists[0].items, tip: .flip, tipOpacity: 0.5, again: .fade)
        let back = try Show.parse(text: show.manifestText(), path: "show.toml")
        #expect(back.cardLists[0] == show.cardLists[0])
    }

    @Test(arguments: [
        ("tip_angle = \"steep\"", "show.toml:40: cards[0].tip_angle: expected a number, found a string"),
        ("tip_opacity = -0.1", "show.toml:40: cards[0].tip_opacity: must be from 0 to 1, got -0.1"),
        ("tip_duration = 11", "show.toml:40: cards[0].tip_duration: must be more than 0 and at most 10 seconds, got 11"),
        ("tip_offset = [1, 2, 3]", "show.toml:40: cards[0].tip_offset: must be 2 numbers [x, y], got 3"),
        ("tip = \"Flip\"", "show.toml:40: cards[0].tip: \"Flip\" is not one of rotate, flip"),
        ("again = true", "show.toml:40: cards[0].again: expected a string, found a boolean"),
    ]) func badValues(line: String, message: String) throws {
        #expect {
            _ = try Self.list(line)
        } throws: { error in
            "\(error)" == message
        }
    }
}
