import Show

/// The demo show's books: written for Vitrine (no third-party text). Each page is a
/// heading and a few short paragraphs; `DemoPages` sets them on paper.
struct DemoBook {
    struct Page {
        let heading: String
        let paragraphs: [String]
    }

    let id: String
    let title: String
    /// A line under the title on the cover.
    let subtitle: String
    /// Cover colours, straight 0xAARRGGBB: the ground and the ink of the pattern and text.
    let ground: UInt32
    let accent: UInt32
    /// Which cover pattern (see `DemoCovers`).
    let pattern: Int
    let pages: [Page]

    /// The title as set on the cover, with line breaks where they read best.
    var coverTitle: String {
        switch id {
        case "glass": "The Glassmaker's\nYear"
        case "stars": "Notes on the\nNight Sky"
        default: title
        }
    }

    var coverPath: AssetPath { "books/\(id)/cover.jpg" }
    func pagePath(_ index: Int) -> AssetPath { "books/\(id)/\(index + 1).jpg" }
}

extension DemoBook {
    static let all: [DemoBook] = [atlas, glass, stars]

    static let atlas = DemoBook(
        id: "atlas", title: "Atlas of Light", subtitle: "A walk from dawn to dusk", ground: 0xFF1F_3B5C,
        accent: 0xFFF2_C14E, pattern: 0,
        pages: [
            Page(
                heading: "Where Light Begins",
                paragraphs: [
                    "Every morning the sky brightens long before the sun appears. Light bends around the curve of the earth through the air, and the first colour we see is a thin band of pale gold above the horizon.",
                    "This atlas follows one day of light, from that first band to the last glow in the west. Each page is a stop on the walk: turn it when you are ready to move on.",
                ]),
            Page(
                heading: "Shadows",
                paragraphs: [
                    "A shadow is not a thing but an absence: the place light cannot reach. Its edge tells you about the source. A small, distant lamp gives a sharp edge; a wide window gives a soft one.",
                    "Look down at noon and your shadow gathers around your feet. Late in the afternoon it stretches across the floor, long and thin, as if it wanted to walk ahead of you.",
                ]),
            Page(
                heading: "The Colour of the Sky",
                paragraphs: [
                    "Sunlight holds every colour. Crossing the air, the short blue waves are scattered far more than the long red ones, so blue reaches us from every part of the sky at once.",
                    "Near the horizon the light passes through much more air. The blue is scattered away before it arrives, and what is left is the warm orange of evening.",
                ]),
            Page(
                heading: "Rainbows",
                paragraphs: [
                    "A rainbow needs the sun behind you and rain in front of you. Each drop bends the light, reflects it once inside, and sends it back split into colours.",
                    "No two people see the same rainbow. The drops that send red to your eyes are not the ones that send red to your neighbour, so each of you stands at the centre of your own arc.",
                ]),
            Page(
                heading: "Lenses",
                paragraphs: [
                    "Light slows down in glass. A lens is shaped so that rays crossing its thick middle are delayed more than rays crossing its thin edge, and they all meet again at one point.",
                    "That point is where an image forms: on a screen, on film, on a sensor, or at the back of your own eye, where a small living lens does the same work all day.",
                ]),
            Page(
                heading: "Mirrors",
                paragraphs: [
                    "A mirror sends light back at the angle it arrived. Because every ray obeys the same rule, the picture stays whole, only turned around, so your right hand waves back as a left.",
                    "Put two mirrors face to face and the light goes back and forth between them, making a corridor of copies that fades as a little light is lost at every bounce.",
                ]),
            Page(
                heading: "Light Under Water",
                paragraphs: [
                    "Water drinks red light first. A few metres down a red shell looks brown, and deeper still the whole world turns blue and green, the colours that travel furthest.",
                    "Ripples on the surface act as moving lenses. They gather sunlight into bright, trembling lines that dance across the sand on the bottom of a shallow pool.",
                ]),
            Page(
                heading: "The Last Light",
                paragraphs: [
                    "After sunset the sky keeps shining for a while. The sun has gone, but its light still reaches the high air and is scattered down to us, pink in the east and gold in the west.",
                    "Then the blue hour comes: the shadows vanish, lamps begin to glow, and the first stars appear. The walk is over. Tomorrow the band of pale gold will return.",
                ]),
        ])

    static let glass = DemoBook(
        id: "glass", title: "The Glassmaker's Year", subtitle: "Twelve months at the furnace", ground: 0xFF2E_5E4E,
        accent: 0xFFB8_E6D2, pattern: 1,
        pages: [
            Page(
                heading: "Winter: Sand and Fire",
                paragraphs: [
                    "Glass begins as sand, soda and lime, weighed out in the cold of January. Mixed together they look like flour, and nothing about them suggests a window or a bowl.",
                    "The glassmaker's year starts by lighting the furnace, which will not be allowed to go out again until summer. It takes three days to reach its working heat.",
                ]),
            Page(
                heading: "The Furnace",
                paragraphs: [
                    "Inside the furnace the mixture melts at about fourteen hundred degrees. Bubbles rise slowly to the top, and after a night the glass is clear and bright as honey.",
                    "The workshop is built around the furnace's mouth. In winter it is the warmest room in the village, and neighbours stop by to watch and to warm their hands.",
                ]),
            Page(
                heading: "Gathering",
                paragraphs: [
                    "A long steel pipe is dipped into the melt and turned, the way you would wind honey onto a spoon. The glowing blob that comes out is called a gather.",
                    "Turning never stops. Glass this hot flows like syrup, and the moment the pipe stands still the gather begins to sag toward the floor.",
                ]),
            Page(
                heading: "Blowing",
                paragraphs: [
                    "A short breath into the pipe makes a bubble inside the gather. Then the work is shaping: rolling it on a steel table, swinging it to stretch it, shading it with wet wood.",
                    "Every few minutes the piece goes back into a small fire to soften again. A simple cup may be reheated a dozen times before it has its final shape.",
                ]),
            Page(
                heading: "Colour",
                paragraphs: [
                    "Colour comes from tiny amounts of metal. A pinch of cobalt turns a whole pot deep blue, copper gives turquoise, and gold, surprisingly, gives a warm ruby red.",
                    "Spring is the season of colour in the workshop. Coloured rods are laid side by side, picked up on a hot gather and twisted into spirals that run through the glass.",
                ]),
            Page(
                heading: "Annealing",
                paragraphs: [
                    "A finished piece cannot simply cool on a shelf. Its outside would shrink before its inside, and the strain would crack it hours or days later.",
                    "So it rests overnight in a second oven that cools very slowly. In the morning the glassmaker opens the door to find the day's work calm, even and strong.",
                ]),
            Page(
                heading: "Cutting and Polishing",
                paragraphs: [
                    "In the quiet months the furnace sleeps and the wheels turn. Stone wheels cut facets and grooves; wooden wheels with fine powder polish them until they shine.",
                    "Cut glass catches light and throws it around a room in small sparks. The work is slow and wet and patient, the opposite of the hot rush of summer.",
                ]),
            Page(
                heading: "Autumn: The Window",
                paragraphs: [
                    "At the end of the year the glassmaker makes a window for the workshop: flat panes, each slightly different, set in lead between thin strips of wood.",
                    "Through old glass the street outside ripples a little, as if seen through water. That small waviness is the mark of a hand, and of a year at the furnace.",
                ]),
        ])

    static let stars = DemoBook(
        id: "stars", title: "Notes on the Night Sky", subtitle: "A field book for clear nights",
        ground: 0xFF1A_1B3A, accent: 0xFFE8_E4FF, pattern: 2,
        pages: [
            Page(
                heading: "Dark Adaptation",
                paragraphs: [
                    "Step outside from a bright room and the sky looks nearly empty. Wait. Over twenty minutes your eyes open wide and grow far more sensitive, and stars appear everywhere.",
                    "A red torch keeps that sensitivity while you read a map. One glance at a white screen and the waiting starts over again.",
                ]),
            Page(
                heading: "The Moon",
                paragraphs: [
                    "The moon shows us the same face every night. Its dark patches are old plains of cooled lava; the bright parts are highlands covered in craters.",
                    "The best time to look is not full moon but half moon. Along the line between day and night, long shadows make every mountain and crater stand out.",
                ]),
            Page(
                heading: "Planets",
                paragraphs: [
                    "Planets look like bright stars that refuse to twinkle. Stars are points, easily shaken by moving air; planets are tiny discs, and their light holds steady.",
                    "Night by night the planets wander slowly against the fixed stars. Their name comes from an old word for wanderer, given long before anyone knew why they moved.",
                ]),
            Page(
                heading: "Constellations",
                paragraphs: [
                    "Constellations are pictures people have drawn between the stars. Different peoples drew different pictures, and every one of them is a good way to find your way around.",
                    "Learn one shape well, then use it as a signpost. A line through two of its stars, carried across the sky, will point you to the next shape.",
                ]),
            Page(
                heading: "The Milky Way",
                paragraphs: [
                    "Far from town lights a pale river crosses the whole sky. It is the disc of our own galaxy seen from inside: more stars than could ever be counted, too faint to see one by one.",
                    "Dark lanes run through it. They are not empty gaps but clouds of dust, where new stars are still forming, hiding the light of the ones behind.",
                ]),
            Page(
                heading: "Meteors",
                paragraphs: [
                    "A shooting star is a grain of dust, often smaller than a seed, striking the air at great speed and burning up high above the ground in a second of light.",
                    "On certain nights each year the earth crosses a trail of such dust, and meteors seem to fly out of one point in the sky. Lie back, be patient, and count them.",
                ]),
            Page(
                heading: "Telescopes",
                paragraphs: [
                    "A telescope is a bucket for light. The wider its lens or mirror, the more light it collects, and the fainter the things it can show you.",
                    "Begin with binoculars. They show the moon's craters, the moons beside a bright planet and thousands of stars in the Milky Way, and they fit in a coat pocket.",
                ]),
            Page(
                heading: "Dawn",
                paragraphs: [
                    "Before sunrise the faint stars leave first, then the bright ones, until only a planet or two shines in the pale blue. Birds start singing before the last of them goes.",
                    "Write down what you saw, where and when. A notebook of clear nights becomes, over the years, a map of your own sky.",
                ]),
        ])
}
