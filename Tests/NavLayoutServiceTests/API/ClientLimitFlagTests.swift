import HTTPServer
import NavLayoutService
import Testing

/// The serve flags and variables that bound one client: the body deadline and the per-address cap.
@Suite("Command line: client limits")
struct ClientLimitFlagTests {
    private func limits(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerLimits {
        let command = try CommandLineParser().parse(arguments: ["serve"] + arguments, environment: environment)
        guard case .serve(let configuration) = command else {
            Issue.record("expected serve, got \(command)")
            return ServerLimits()
        }
        return configuration.server.limits
    }

    @Test("by default a body has 30 s and one address a quarter of the connections, at most 256")
    func defaults() throws {
        let standard = try limits([])
        #expect(standard.bodyReadTimeout == .seconds(30))
        #expect(standard.maxConnectionsPerAddress == nil)
        #expect(standard.connectionsPerAddressLimit == 256)
        #expect(try limits(["--max-connections", "200"]).connectionsPerAddressLimit == 50)
        #expect(try limits(["--max-connections", "2"]).connectionsPerAddressLimit == 1)
    }

    @Test("flags and variables set the body deadline and the per-address cap, flags winning")
    func flagsAndEnvironment() throws {
        let flagged = try limits(["--body-timeout", "45s", "--max-connections-per-address=12"])
        #expect(flagged.bodyReadTimeout == .seconds(45))
        #expect(flagged.connectionsPerAddressLimit == 12)
        let environment = ["NAVLAYOUT_BODY_TIMEOUT": "2m", "NAVLAYOUT_MAX_CONNECTIONS_PER_ADDRESS": "7"]
        let fromEnvironment = try limits([], environment: environment)
        #expect(fromEnvironment.bodyReadTimeout == .seconds(120))
        #expect(fromEnvironment.connectionsPerAddressLimit == 7)
        #expect(
            try limits(["--max-connections-per-address", "9"], environment: environment).connectionsPerAddressLimit == 9
        )
    }

    @Test(
        "bad values are errors that name the flag or variable",
        arguments: [
            (["--body-timeout", "soon"], [:], "--body-timeout"), (["--body-timeout", "2h"], [:], "--body-timeout"),
            (["--max-connections-per-address", "0"], [:], "--max-connections-per-address"),
            ([], ["NAVLAYOUT_BODY_TIMEOUT": "0s"], "NAVLAYOUT_BODY_TIMEOUT"),
        ])
    func errors(arguments: [String], environment: [String: String], named: String) {
        #expect {
            try CommandLineParser().parse(arguments: ["serve"] + arguments, environment: environment)
        } throws: { error in
            (error as? CommandLineError)?.message.contains(named) == true
        }
    }

    @Test("the help names both flags and their variables")
    func help() {
        for text in [
            "--body-timeout", "NAVLAYOUT_BODY_TIMEOUT", "--max-connections-per-address",
            "NAVLAYOUT_MAX_CONNECTIONS_PER_ADDRESS",
        ] {
            #expect(CommandLineParser.usage.contains(text), "\(text)")
        }
    }
}
