import Testing

@testable import NavLayoutService

@Suite("JSON request bodies")
struct JSONBodyTests {
    @Test(
        "JSON media types are recognised in any case and with any parameters",
        arguments: [
            "application/json", "Application/JSON", "application/json; charset=utf-8", " application/json ",
            "\tapplication/json\t;charset=utf-8", "application/problem+json", "application/merge-patch+JSON",
            "application/vnd.navlayout+json; version=1",
        ])
    func jsonTypes(contentType: String) {
        #expect(JSONBody.isJSON(mediaTypeOf: contentType))
    }

    @Test(
        "other media types are refused",
        arguments: [
            "", ";", "text/plain", "application/jsonx", "xapplication/json", "application/json-seq",
            "application/x-www-form-urlencoded", "text/json+plain", "json", "+jso", "application/ json",
            "charset=utf-8; application/json",
        ])
    func otherTypes(contentType: String) {
        #expect(!JSONBody.isJSON(mediaTypeOf: contentType))
    }
}
