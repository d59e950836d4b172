import Show

/// The demo show's people: invented names, roles and lines (no real people). Their
/// portraits are drawn from a seed (`DemoPortraits`).
struct DemoPerson {
    let name: String
    let role: String
    let text: String

    /// `people/<first name, lower case, a-z only>.jpg`.
    var imagePath: AssetPath {
        let first = name.split(separator: " ").first.map(String.init) ?? name
        let slug = first.lowercased().unicodeScalars.filter { $0.value >= 0x61 && $0.value <= 0x7A }
        return "people/" + String(String.UnicodeScalarView(slug)) + ".jpg"
    }
}

extension DemoPerson {
    static let all: [DemoPerson] = [
        DemoPerson(
            name: "Mira Okafor", role: "Curator",
            text: "Chooses what goes in the cases and writes the labels beside them."),
        DemoPerson(
            name: "Tomas Lindgren", role: "Lighting designer",
            text: "Aims every lamp in the galleries so that nothing glares and nothing hides."),
        DemoPerson(
            name: "Aiko Tanabe", role: "Conservator",
            text: "Cleans and repairs old objects with brushes finer than an eyelash."),
        DemoPerson(
            name: "Rafael Duarte", role: "Glassblower",
            text: "Runs the workshop furnace and shows visitors how a cup is made."),
        DemoPerson(
            name: "Priya Raman", role: "Educator",
            text: "Leads the school visits and invents a new question for every class."),
        DemoPerson(
            name: "Jonas Weber", role: "Carpenter",
            text: "Builds the display cases, the benches and the occasional stage."),
        DemoPerson(
            name: "Lena Kowal", role: "Archivist",
            text: "Knows where every letter, plan and photograph in the building is kept."),
        DemoPerson(
            name: "Samuel Adebayo", role: "Astronomer",
            text: "Opens the rooftop telescope on clear Friday evenings."),
        DemoPerson(
            name: "Chloe Marchand", role: "Photographer",
            text: "Photographs each new object under the same soft, even light."),
        DemoPerson(
            name: "Hugo Sarmento", role: "Guide",
            text: "Gives the morning tour and always ends it at the big window."),
        DemoPerson(
            name: "Nadia Haddad", role: "Registrar",
            text: "Records every object that arrives, leaves or moves to another room."),
        DemoPerson(
            name: "Oskar Nyberg", role: "Technician",
            text: "Keeps the screens, the projectors and the kiosks running."),
        DemoPerson(
            name: "Yara Mansour", role: "Gardener",
            text: "Looks after the courtyard garden and its sundial."),
        DemoPerson(
            name: "Daniel Park", role: "Sound designer",
            text: "Records the quiet hum you hear in the furnace room exhibit."),
        DemoPerson(
            name: "Ines Moreau", role: "Librarian",
            text: "Runs the reading room and lends out the field guides."),
        DemoPerson(
            name: "Kofi Asante", role: "Security",
            text: "Opens the doors at nine and knows every visitor by their umbrella."),
        DemoPerson(
            name: "Sofia Ricci", role: "Illustrator",
            text: "Draws the maps and diagrams on the gallery walls."),
        DemoPerson(
            name: "Mateo Herrera", role: "Volunteer",
            text: "Helps on weekends and tells the best stories about the old lighthouse lens."),
        DemoPerson(
            name: "Hanna Virta", role: "Textile conservator",
            text: "Cares for the banners and flags, which must rest in the dark."),
        DemoPerson(
            name: "Arjun Mehra", role: "Researcher",
            text: "Studies how the colours in old stained glass were made."),
        DemoPerson(
            name: "Elif Aydin", role: "Shop manager",
            text: "Stocks the shop with postcards, prisms and glass marbles."),
        DemoPerson(
            name: "Lucas Petitjean", role: "Exhibition designer",
            text: "Plans how a visitor walks through each new exhibition."),
        DemoPerson(
            name: "Maya Levin", role: "Visitor services",
            text: "Answers questions at the front desk in four languages."),
        DemoPerson(
            name: "Omar Saleh", role: "Director",
            text: "Keeps the museum open, curious and free on Sunday mornings."),
    ]
}
