import Foundation
import NavLayoutService
import Testing

@Suite("History retention while serving")
struct RetentionSchedulerTests {
    @Test("the running service applies the count limit in the background and stops the task on shutdown")
    func periodicRetention() async throws {
        let folder = try TemporaryFolder()
        let service = try await LiveService(databasePath: folder.file("retention.sqlite")) {
            $0.retention = RetentionPolicy(maximumCountPerTenant: 3)
            $0.retentionInterval = .milliseconds(20)
        }
        let acme = try await service.createTenant("acme")
        let layouts = service.application.environment.repositories.layouts
        for marker in 0..<8 {
            _ = try await layouts.record(sampleLayout(tenantID: acme.id, marker: marker))
        }
        // Waits for the background pass by polling the outcome, not by timing it.
        var remaining = try await layouts.count(tenantID: acme.id)
        for _ in 0..<500 where remaining > 3 {
            try await Task.sleep(for: .milliseconds(10))
            remaining = try await layouts.count(tenantID: acme.id)
        }
        #expect(remaining == 3)
        let newest = try await service.client.send("GET", "/v1/layouts", token: acme.secret).items()
        #expect(newest.count == 3)
        await service.stop()
        // After shutdown nothing removes rows any more.
        for marker in 8..<12 {
            _ = try await layouts.record(sampleLayout(tenantID: acme.id, marker: marker))
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await layouts.count(tenantID: acme.id) == 7)
    }

    @Test("keeping everything starts no task; one pass applies the age limit")
    func onePass() async throws {
        try await LiveService.with { service in
            let idle = RetentionScheduler(
                policy: .keepEverything, interval: .seconds(1), environment: service.application.environment,
                report: { _ in })
            #expect(!idle.isActive)
            #expect(idle.start() == nil)
            let acme = try await service.createTenant("acme")
            _ = try await service.application.environment.repositories.layouts.record(sampleLayout(tenantID: acme.id))
            // Any age limit removes nothing recorded a moment ago.
            let byAge = RetentionScheduler(
                policy: RetentionPolicy(maximumAge: .seconds(3600)), interval: .seconds(1),
                environment: service.application.environment, report: { _ in })
            #expect(try await byAge.runOnce().deleted == 0)
            let byCount = RetentionScheduler(
                policy: RetentionPolicy(maximumCountPerTenant: 1), interval: .seconds(1),
                environment: service.application.environment, report: { _ in })
            #expect(try await byCount.runOnce().deleted == 0)
        }
    }
}
