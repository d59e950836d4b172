import Testing

@testable import ConfigFile

@Suite struct ConfigReaderTests {
    enum Format: String, CaseIterable { case xrgb8888, rgb565 }

    let text = """
        name = "Panel"
        count = 3
        ratio = 0.5
        whole = 2
        on = true
        when = 1979-05-27
        list = ["a", "b"]
        numbers = [1, 2.5]
        mixed = ["a", 2]

        [display]
        format = "rgb888"
        size = 7
        nan = nan

        [[item]]
        id = "x"
        [[item]]
        id = 5
        """

    func root() throws -> ConfigTable { try ConfigDocument(text: text, path: "t.toml").root }

    func message(_ body: (ConfigTable) throws(ConfigError) -> Void) throws -> String {
        let r = try root()
        do {
            try body(r)
        } catch {
            return error.description
        }
        return "no error"
    }

    @Test func goodValues() throws {
        let r = try root()
        #expect(try r.string("name") == "Panel")
        #expect(try r.int("count") == 3)
        #expect(try r.double("ratio") == 0.5)
        #expect(try r.double("whole") == 2)
        #expect(try r.bool("on") == true)
        #expect(try r.stringArray("list") == ["a", "b"])
        #expect(try r.doubleArray("numbers") == [1, 2.5])
        #expect(try r.optionalString("absent") == nil)
        #expect(try r.tableArray("item").count == 2)
        #expect(try r.tableArray("item")[0].string("id") == "x")
        #expect(r.keys == ["name", "count", "ratio", "whole", "on", "when", "list", "numbers", "mixed", "display", "item"])
    }

    @Test func exactMessages() throws {
        #expect(try message { r throws(ConfigError) in _ = try r.int("name") } == "t.toml:1: name: expected an integer, found a string")
        #expect(try message { r throws(ConfigError) in _ = try r.int("ratio") } == "t.toml:3: ratio: expected an integer, found a floating-point number")
        #expect(try message { r throws(ConfigError) in _ = try r.string("when") } == "t.toml:6: when: expected a string, found a date")
        #expect(try message { r throws(ConfigError) in _ = try r.double("on") } == "t.toml:5: on: expected a number, found a boolean")
        #expect(try message { r throws(ConfigError) in _ = try r.bool("count") } == "t.toml:2: count: expected a boolean, found an integer")
        #expect(try message { r throws(ConfigError) in _ = try r.string("title") } == "t.toml: title: missing (required)")
        #expect(try message { r throws(ConfigError) in _ = try r.stringArray("mixed") } == "t.toml:9: mixed[1]: expected a string, found an integer")
        #expect(try message { r throws(ConfigError) in _ = try r.stringArray("name") } == "t.toml:1: name: expected an array, found a string")
        #expect(try message { r throws(ConfigError) in _ = try r.table("list") } == "t.toml:7: list: expected a table, found an array")
        #expect(try message { r throws(ConfigError) in _ = try r.table("display").choice("format", as: Format.self) } == "t.toml:12: display.format: \"rgb888\" is not one of xrgb8888, rgb565")
        #expect(try message { r throws(ConfigError) in _ = try r.table("display").int("buffers") } == "t.toml:11: display.buffers: missing (required)")
        #expect(try message { r throws(ConfigError) in _ = try r.table("display").double("nan") } == "t.toml:14: display.nan: must be a finite number")
        #expect(try message { r throws(ConfigError) in _ = try r.tableArray("item")[1].string("id") } == "t.toml:19: item[1].id: expected a string, found an integer")
        #expect(try message { r throws(ConfigError) in _ = try r.tableArray("list") } == "t.toml:7: list[0]: expected a table, found a string")
        #expect(try message { r throws(ConfigError) in try r.table("display").requireKnownKeys(["formats", "size", "nan"]) } == "t.toml:12: display.format: unknown key (did you mean \"formats\"?)")
        #expect(try message { r throws(ConfigError) in try r.table("display").requireKnownKeys(["size", "nan"]) } == "t.toml:12: display.format: unknown key")
        #expect(try message { r throws(ConfigError) in throw try r.table("display").error("size", "7 is too small") } == "t.toml:13: display.size: 7 is too small")
    }

    @Test func wholeFileErrors() {
        do {
            _ = try ConfigDocument(text: "a = 1\nb = \n", path: "s.toml")
            Issue.record("no error")
        } catch {
            #expect(error.line == 2)
            #expect(error.key == "")
            #expect(error.description.hasPrefix("s.toml:2: TOML syntax: "))
        }
        do {
            _ = try ConfigDocument.load(path: "/nonexistent/board.toml")
            Issue.record("no error")
        } catch {
            #expect(error.description == "/nonexistent/board.toml: cannot read: No such file or directory (ENOENT)")
        }
        do {
            _ = try ConfigDocument.load(path: "/")
            Issue.record("no error")
        } catch {
            #expect(error.description == "/: not a regular file (a directory)")
        }
    }

    @Test func editDistances() {
        #expect(editDistance("format", "formt") == 1)
        #expect(editDistance("buffers", "bufers") == 1)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("mount", "mode") == 3)
    }
}
