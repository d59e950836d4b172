/// The words the runtime draws by itself, not named by any screen of the show: a back
/// button's arrow and where it goes, the shelf's title, what an empty shelf, card list
/// or menu says. A show's `[labels]` table sets them (a museum in Berlin or Tokyo
/// translates them); each one left out keeps its English default, so a show without
/// `[labels]` draws what the runtime always drew.
///
/// Screens read them when they are built, never per frame.
public struct ShowLabels: Hashable, Sendable {
    /// The mark before a back button's title, default "‹" (`backTitle(_:)`).
    public var backArrow: String
    /// A back button that goes home, and the home screen named as a book's way back:
    /// default "Home".
    public var home: String
    /// The shelf's title, and a back button that goes to it: default "Shelf".
    public var shelf: String
    /// A back button that goes to the menu (a book opened from it): default "Menu".
    public var menu: String
    /// What a shelf without books says: default "No books".
    public var shelfEmpty: String
    /// What a card list without cards says: default "No cards".
    public var cardsEmpty: String
    /// What a menu without items says: default "No menu items".
    public var menuEmpty: String

    public init(
        backArrow: String = "‹", home: String = "Home", shelf: String = "Shelf", menu: String = "Menu",
        shelfEmpty: String = "No books", cardsEmpty: String = "No cards", menuEmpty: String = "No menu items"
    ) {
        self.backArrow = backArrow
        self.home = home
        self.shelf = shelf
        self.menu = menu
        self.shelfEmpty = shelfEmpty
        self.cardsEmpty = cardsEmpty
        self.menuEmpty = menuEmpty
    }

    /// The English defaults (every label left out).
    public static let english = ShowLabels()

    /// A back button's text for a screen titled `title`: the arrow, a space and the title
    /// ("‹ Home"), or the title alone when the arrow is "".
    ///
    /// Right to left: the text is one paragraph whose direction is its first strong
    /// character's, so with a Hebrew or Arabic title ("‹ בית") it is set right to left,
    /// against the button's right edge, and the arrow, a mirrored character (U+2039),
    /// is drawn as its mirror image "›" at the right end, pointing right: the author
    /// writes the word only, in either direction, and the arrow follows it.
    public func backTitle(_ title: String) -> String {
        backArrow.isEmpty ? title : backArrow + " " + title
    }

    /// Each label's key in `[labels]`, where it is kept, and what it labels (for the
    /// manifest's comments), in the order the manifest writes them.
    public static var keys: [(key: String, path: WritableKeyPath<ShowLabels, String>, labels: String)] {
        [
            ("back_arrow", \.backArrow, "the mark before a back button's title"),
            ("home", \.home, "a back button to home"),
            ("shelf", \.shelf, "the shelf's title, and a back button to it"),
            ("menu", \.menu, "a back button to the menu"),
            ("shelf_empty", \.shelfEmpty, "a shelf without books"),
            ("cards_empty", \.cardsEmpty, "a card list without cards"),
            ("menu_empty", \.menuEmpty, "a menu without items"),
        ]
    }
}
