import Foundation
import HTTPServer
import NavLayoutService
import Testing

@Suite("Credentials")
struct CredentialsApiTests {
    @Test("a request with two Authorization headers is a 400, whichever of them is valid")
    func twoAuthorizationHeadersAreRefused() async throws {
        try await LiveService.with { service in
            let acme = try await service.createTenant("acme")
            for pair in [(acme.secret, "not-a-key"), ("not-a-key", acme.secret), (acme.secret, acme.secret)] {
                let request = Request(
                    method: .get, target: "/v1/profiles",
                    headers: HTTPHeaders([("Authorization", "Bearer \(pair.0)"), ("Authorization", "Bearer \(pair.1)")])
                )
                let response = await service.application.http.respond(to: request)
                #expect(response.status == .badRequest)
                #expect(response.headers["Content-Type"] == "application/problem+json")
            }
            let one = Request(
                method: .get, target: "/v1/profiles", headers: HTTPHeaders([("Authorization", "Bearer \(acme.secret)")])
            )
            #expect(await service.application.http.respond(to: one).status == .ok)
        }
    }
}
