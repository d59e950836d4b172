import Testing

@testable import ConfigFile

/// Valid TOML 1.0, construct by construct: what each document parses to.
@Suite struct TOMLParserTests {
    struct Valid: CustomTestStringConvertible, Sendable {
        let text: String
        let expected: String
        init(_ text: String, _ expected: String) {
            self.text = text
            self.expected = expected
        }
        var testDescription: String { String(reflecting: text) }
    }

    static let keys: [Valid] = [
        Valid("key = 1", "{key=1}"),
        Valid("bare_key-2 = 1\n1234 = 2", "{bare_key-2=1, 1234=2}"),
        Valid(#""127.0.0.1" = 1"#, #"{"127.0.0.1"=1}"#),
        Valid(#""ʎǝʞ" = 1"#, #"{"ʎǝʞ"=1}"#),
        Valid(#"'quoted "value"' = 1"#, #"{"quoted \"value\""=1}"#),
        Valid(#""" = 1"#, #"{""=1}"#),
        Valid(#""a\tb" = 1"#, #"{"a\tb"=1}"#),
        Valid("a.b.c = 1", "{a={b={c=1}}}"),
        Valid("a . b\t.  c = 1", "{a={b={c=1}}}"),
        Valid(#"site."google.com" = true"#, #"{site={"google.com"=true}}"#),
        Valid("3.14159 = \"pi\"", #"{3={14159="pi"}}"#),
        Valid("fruit.apple.color = \"red\"\nfruit.apple.taste.sweet = true\nfruit.orange = 2",
            #"{fruit={apple={color="red", taste={sweet=true}}, orange=2}}"#),
        // Entries stay in file order.
        Valid("zebra = 1\napple = 2\nmango = 3", "{zebra=1, apple=2, mango=3}"),
    ]

    static let strings: [Valid] = [
        Valid(#"s = "plain""#, #"{s="plain"}"#),
        Valid(#"s = "\b\t\n\f\r\"\\""#, #"{s="\u{08}\t\n\u{0C}\r\"\\"}"#),
        Valid(#"s = "\u00E9 \U0001F600 \u0000""#, #"{s="é 😀 \0"}"#),
        Valid("s = \"tab\there\"", #"{s="tab\there"}"#),
        Valid(#"s = 'C:\Users\nodejs'"#, #"{s="C:\\Users\\nodejs"}"#),
        Valid(#"s = '<\i\c*\s*>'"#, #"{s="<\\i\\c*\\s*>"}"#),
        Valid("s = \"\"\"\nRoses\nViolets\"\"\"", #"{s="Roses\nViolets"}"#),
        Valid("s = \"\"\"\r\nRoses\r\nViolets\"\"\"", #"{s="Roses\nViolets"}"#),
        Valid("s = \"\"\"\nThe quick \\\n\n   brown \\   \n  fox.\"\"\"", #"{s="The quick brown fox."}"#),
        Valid("s = \"\"\"Here are two quotes: \"\". Four: \"\"\"\"", #"{s="Here are two quotes: \"\". Four: \""}"#),
        Valid("s = \"\"\"\"\"five\"\"\"\"\"", #"{s="\"\"five\"\""}"#),
        Valid("s = \"\"\"a \\u0041 \\\" b\"\"\"", #"{s="a A \" b"}"#),
        Valid("s = '''\nThe first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n'''",
            #"{s="The first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n"}"#),
        Valid("s = '''I [dw]on't need \\d{2} apples'''", #"{s="I [dw]on\'t need \\d{2} apples"}"#),
        Valid("s = ''''That,' she said, 'is still pointless.''''",
            #"{s="\'That,\' she said, \'is still pointless.\'"}"#),
        Valid("s = ''''''''", #"{s="\'\'"}"#),
        Valid("s = \"\"", #"{s=""}"#),
        Valid("s = ''''''", #"{s=""}"#),
    ]

    static let integers: [Valid] = [
        Valid("a = +99\nb = 42\nc = 0\nd = -17\ne = -0\nf = +0", "{a=99, b=42, c=0, d=-17, e=0, f=0}"),
        Valid("a = 1_000\nb = 5_349_221\nc = 53_49_221\nd = 1_2_3_4_5", "{a=1000, b=5349221, c=5349221, d=12345}"),
        Valid("a = 0xDEADBEEF\nb = 0xdead_beef\nc = 0o01234567\nd = 0o755\ne = 0b11010110\nf = 0x0",
            "{a=3735928559, b=3735928559, c=342391, d=493, e=214, f=0}"),
        Valid("max = 9223372036854775807\nmin = -9223372036854775808\nhex = 0x7FFFFFFFFFFFFFFF",
            "{max=9223372036854775807, min=-9223372036854775808, hex=9223372036854775807}"),
    ]

    static let floats: [Valid] = [
        Valid("a = +1.0\nb = 3.1415\nc = -0.01\nd = 5e+22\ne = 1e06\nf = -2E-2\ng = 6.626e-34",
            "{a=1.0, b=3.1415, c=-0.01, d=5e+22, e=1000000.0, f=-0.02, g=6.626e-34}"),
        Valid("a = 224_617.445_991_228\nb = 0.0\nc = -0.0\nd = 0e0\ne = 1_0e1_0",
            "{a=224617.445991228, b=0.0, c=-0.0, d=0.0, e=100000000000.0}"),
        Valid("a = inf\nb = +inf\nc = -inf\nd = nan\ne = +nan\nf = -nan",
            "{a=inf, b=inf, c=-inf, d=nan, e=nan, f=nan}"),
    ]

    static let booleansAndDates: [Valid] = [
        Valid("t = true\nf = false", "{t=true, f=false}"),
        Valid("a = 1979-05-27T07:32:00Z\nb = 1979-05-27T00:32:00-07:00\nc = 1979-05-27T00:32:00.999999+07:00",
            "{a=<date-time>, b=<date-time>, c=<date-time>}"),
        Valid("a = 1979-05-27 07:32:00Z\nb = 1979-05-27t07:32:00z\nc = 1979-05-27T07:32:00\nd = 1979-05-27 00:32:00.5",
            "{a=<date-time>, b=<date-time>, c=<date-time>, d=<date-time>}"),
        Valid("a = 1979-05-27\nb = 07:32:00\nc = 00:32:00.999999\nd = 2024-02-29\ne = 2000-02-29\nf = 23:59:60",
            "{a=<date>, b=<time>, c=<time>, d=<date>, e=<date>, f=<time>}"),
        Valid("a = 1979-05-27 # a date, then a comment", "{a=<date>}"),
        Valid("a = [1979-05-27, 07:32:00]", "{a=[<date>, <time>]}"),
    ]

    static let arrays: [Valid] = [
        Valid("a = []\nb = [ ]\nc = [1, 2, 3]\nd = [\"red\", \"yellow\"]", #"{a=[], b=[], c=[1, 2, 3], d=["red", "yellow"]}"#),
        Valid("a = [[1, 2], [3, 4, 5]]\nb = [[1, 2], [\"a\", \"b\"]]", #"{a=[[1, 2], [3, 4, 5]], b=[[1, 2], ["a", "b"]]}"#),
        Valid("a = [0.1, 0.2, 0.5, 1, 2, 5]", "{a=[0.1, 0.2, 0.5, 1, 2, 5]}"),
        Valid(#"a = ["all", 'strings', """are the same""", '''type''']"#, #"{a=["all", "strings", "are the same", "type"]}"#),
        Valid("a = [\n  1, # one\n  # nothing\n  2,\n]", "{a=[1, 2]}"),
        Valid("a = [\r\n  1,\r\n  2\r\n  ]", "{a=[1, 2]}"),
        Valid("a = [1,2,]", "{a=[1, 2]}"),
        Valid("a = [ { x = 1, y = 2 }, { x = 3 } ]", "{a=[{x=1, y=2}, {x=3}]}"),
    ]

    static let inlineTables: [Valid] = [
        Valid("name = { first = \"Tom\", last = \"Preston-Werner\" }", #"{name={first="Tom", last="Preston-Werner"}}"#),
        Valid("point = { x = 1, y = 2 }\nempty = {}\nspaced = {   }", "{point={x=1, y=2}, empty={}, spaced={}}"),
        Valid("animal = { type.name = \"pug\", type.size = 1 }", #"{animal={type={name="pug", size=1}}}"#),
        Valid("a = { b = { c = [1, { d = 2 }] } }", "{a={b={c=[1, {d=2}]}}}"),
        Valid("a = { b = [\n 1,\n 2\n] }", "{a={b=[1, 2]}}"),
        Valid("a = { s = \"\"\"x\ny\"\"\" }", #"{a={s="x\ny"}}"#),
    ]

    static let tables: [Valid] = [
        Valid("[table]\nkey = 1\n[table-2]\nkey = 2", "{table={key=1}, table-2={key=2}}"),
        Valid("[dog.\"tater.man\"]\ntype.name = \"pug\"", #"{dog={"tater.man"={type={name="pug"}}}}"#),
        Valid("[ a . b ]\n[ j . \"ʞ\" . 'l' ]", #"{a={b={}}, j={"ʞ"={l={}}}}"#),
        Valid("[x.y.z.w]\n[x]\nk = 1", "{x={y={z={w={}}}, k=1}}"),
        Valid("[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true",
            #"{fruit={apple={color="red", taste={sweet=true}, texture={smooth=true}}}}"#),
        Valid("[x]\nx.y = 1", "{x={x={y=1}}}"),
        Valid("a.b = 1\n[c]\nd = 2", "{a={b=1}, c={d=2}}"),
        Valid("[a.b.c]\n[a]\nb.d = 1", "{a={b={c={}, d=1}}}"),
        Valid("[a]\n[a.b]\n[a.c]\n[d]", "{a={b={}, c={}}, d={}}"),
        Valid("top = 1\n# comment\n\n[s] # trailing\n\tk = 2 # more", "{top=1, s={k=2}}"),
    ]

    static let arraysOfTables: [Valid] = [
        Valid("[[product]]\nname = \"Hammer\"\n[[product]]\n[[product]]\nname = \"Nail\"",
            #"{product=[{name="Hammer"}, {}, {name="Nail"}]}"#),
        Valid(
            """
            [[fruits]]
            name = "apple"
            [fruits.physical]
            color = "red"
            [[fruits.varieties]]
            name = "red delicious"
            [[fruits.varieties]]
            name = "granny smith"
            [[fruits]]
            name = "banana"
            [[fruits.varieties]]
            name = "plantain"
            """,
            #"{fruits=[{name="apple", physical={color="red"}, varieties=[{name="red delicious"}, {name="granny smith"}]}, {name="banana", varieties=[{name="plantain"}]}]}"#
        ),
        Valid("[[a.b]]\nx = 1\n[a]\ny = 2\n[[a.b]]", "{a={b=[{x=1}, {}], y=2}}"),
        Valid("points = [ { x = 1 },\n  { x = 7 } ]", "{points=[{x=1}, {x=7}]}"),
    ]

    static let wholeDocuments: [Valid] = [
        Valid("", "{}"),
        Valid("\n\n# only a comment\n   \n", "{}"),
        Valid("\u{FEFF}a = 1", "{a=1}"),
        Valid("a = 1\r\n[b]\r\nc = 'x' # c\r\n", #"{a=1, b={c="x"}}"#),
        Valid("a = 1", "{a=1}"),
        Valid("# é ü 😀\na = \"😀\" # 😀", #"{a="😀"}"#),
    ]

    @Test(arguments: keys) func keysParse(_ c: Valid) { #expect(parsed(c.text) == c.expected) }
    @Test(arguments: strings) func stringsParse(_ c: Valid) { #expect(parsed(c.text) == c.expected) }
    @Test(arguments: integers) func integersParse(_ c: Valid) { #expect(parsed(c.text) == c.expected) }
    @Test(arguments: floats) func floatsParse(_ c: Valid) { #expect(parsed(c.text) == c.expected) }
    @Test(arguments: booleansAndDates) func booleansAndDatesParse(_ c: Valid) { #expect(parsed(c.text) == c.expected) }
    @Test(arguments: arrays) func arraysParse(_ c: Valid) { #expect(parsed(c.text) == c.expected) }
    @Test(arguments: inlineTables) func inlineTablesParse(_ c: Valid) { #expect(parsed(c.text) == c.expected) }
    @Test(arguments: tables) func tablesParse(_ c: Valid) { #expect(parsed(c.text) == c.expected) }
    @Test(arguments: arraysOfTables) func arraysOfTablesParse(_ c: Valid) { #expect(parsed(c.text) == c.expected) }
    @Test(arguments: wholeDocuments) func wholeDocumentsParse(_ c: Valid) { #expect(parsed(c.text) == c.expected) }

    @Test func exactNumbers() throws {
        let root = try ConfigDocument(text: "a = 0.1\nb = -1.5e-3\nc = 0x10\nd = nan\ne = -inf", path: "t.toml").root
        #expect(try root.double("a") == 0.1)
        #expect(try root.double("b") == -0.0015)
        #expect(try root.int("c") == 16)
        guard case .double(let d) = root.value("d"), case .double(let e) = root.value("e") else {
            Issue.record("not floats")
            return
        }
        #expect(d.isNaN)
        #expect(e == -.infinity)
    }

    @Test func stringsKeepEveryScalar() throws {
        let root = try ConfigDocument(text: #"s = "\u00e9\U0010FFFF\u007F""#, path: "t.toml").root
        #expect(try root.string("s").unicodeScalars.map(\.value) == [0xE9, 0x10FFFF, 0x7F])
    }

    @Test func theDesignManifestParses() throws {
        let root = try ConfigDocument(text: designManifest, path: "show.toml").root
        #expect(root.keys == ["title", "launch", "home", "folder", "book", "cards", "menu"])
        #expect(try root.table("home").tableArray("tiles").map { try $0.string("open") } == ["folder:books", "shelf", "cards:team"])
        #expect(try root.tableArray("cards")[0].doubleArray("tip_offset") == [-20, -20])
    }
}

/// A show manifest with every section, as the project's first one was written.
let designManifest = """
    title = "Museum of Light"

    [launch]
    left_door  = { portrait = "launch/left-p.png",  landscape = "launch/left-l.png" }
    right_door = { portrait = "launch/right-p.png", landscape = "launch/right-l.png" }
    background = { portrait = "launch/bg-p.png",    landscape = "launch/bg-l.png" }
    hold = 0.5                # seconds the closed doors stay once orientation is known
    duration = 1.2            # seconds the doors take to open
    curve = "ease-in-out"     # linear | ease-in | ease-out | ease-in-out | cubic-bezier(a,b,c,d)

    [home]
    wallpaper = "home/wall.jpg"
    columns = 4
    tiles = [
      { title = "Books",  icon = "icons/books.png",  open = "folder:books" },
      { title = "Shelf",  icon = "icons/shelf.png",  open = "shelf" },
      { title = "People", icon = "icons/people.png", open = "cards:team" },
    ]

    [[folder]]
    id = "books"
    title = "Books"
    tiles = [ { title = "Atlas", icon = "books/atlas/cover.jpg", open = "book:atlas" } ]

    [[book]]
    id = "atlas"
    title = "Atlas of Light"
    cover = "books/atlas/cover.jpg"
    pages = ["books/atlas/1.jpg", "books/atlas/2.jpg", "books/atlas/3.jpg", "books/atlas/4.jpg"]

    [[cards]]
    id = "team"
    title = "People"
    items = [ { title = "Ada", subtitle = "Engineer", image = "people/ada.jpg", text = "..." } ]
    tip = "rotate"            # rotate (the seed's -15 deg tip) | flip (about the horizontal axis)
    tip_angle = -15           # degrees
    tip_offset = [-20, -20]   # points, applied before the rotation
    tip_opacity = 0.8
    tip_duration = 0.4        # seconds
    again = "none"            # none | fade: what a card seen before does when it reappears

    [menu]
    items = [ { title = "Home", open = "home" }, { title = "Books", open = "shelf" } ]
    """
