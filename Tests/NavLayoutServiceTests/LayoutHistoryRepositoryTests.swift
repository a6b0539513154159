import NavLayoutService
import Storage
import Testing

@Suite("Layouts history: recording, filters, keyset pagination")
struct LayoutHistoryRepositoryTests {
    /// Every page of a listing, following cursors; between pages `betweenPages` runs (to insert).
    private func allPages(
        _ store: Store, tenant: String, filter: LayoutHistoryFilter = LayoutHistoryFilter(), limit: Int,
        betweenPages: (Int) async throws -> Void = { _ in }
    ) async throws -> [LayoutSummary] {
        var seen: [LayoutSummary] = []
        var cursor: String?
        var pageNumber = 0
        repeat {
            let page = try await store.layouts.list(tenantID: tenant, filter: filter, limit: limit, cursor: cursor)
            #expect(page.items.count <= limit)
            seen += page.items
            cursor = page.nextCursor
            pageNumber += 1
            try await betweenPages(pageNumber)
        } while cursor != nil
        return seen
    }

    @Test("a recorded layout reads back as stored", arguments: StoreKind.allCases)
    func recordAndGet(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let tenant = try await store.tenants.create(name: "acme").tenant.id
        let new = sampleLayout(tenantID: tenant, profile: "driver", version: 3, status: .warning, marker: 7)
        let summary = try await store.layouts.record(new)
        #expect(summary.id == new.id)
        let stored = try await store.layouts.get(tenantID: tenant, id: new.id)
        #expect(stored.summary == summary)
        #expect(stored.requestJSON == new.requestJSON)
        #expect(stored.resultJSON == new.resultJSON)
        #expect(stored.summary.profileName == "driver")
        #expect(stored.summary.profileVersion == 3)
        #expect(stored.summary.status == .warning)
    }

    @Test(
        "recording for an unknown tenant is not found; recording an id twice is a conflict",
        arguments: StoreKind.allCases)
    func recordErrors(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let tenant = try await store.tenants.create(name: "acme").tenant.id
        #expect(
            await persistenceError { try await store.layouts.record(sampleLayout(tenantID: "ten_nobody")) }
                == .notFound(.tenant, id: "ten_nobody"))
        let layout = sampleLayout(tenantID: tenant)
        try await store.layouts.record(layout)
        #expect(
            await persistenceError { try await store.layouts.record(layout) }
                == .conflict(.layout, id: layout.id.text, reason: "a layout with this id is recorded"))
        let versionWithoutName = sampleLayout(tenantID: tenant, profile: nil, version: 2)
        guard
            case .invalidValue("profileVersion", _) = await persistenceError({
                try await store.layouts.record(versionWithoutName)
            })
        else {
            Issue.record("a profile version without a profile name was accepted")
            return
        }
        #expect(try await store.layouts.count(tenantID: tenant) == 1)
    }

    @Test("the history lists newest first and pages through every row exactly once", arguments: [1, 7, 50, 1000])
    func paging(limit: Int) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.file, in: folder)
        let tenant = try await store.tenants.create(name: "acme").tenant.id
        var recorded: [LayoutID] = []
        for marker in 0..<60 {
            recorded.append(try await store.layouts.record(sampleLayout(tenantID: tenant, marker: marker)).id)
        }
        let seen = try await allPages(store, tenant: tenant, limit: limit)
        #expect(seen.map(\.id) == recorded.reversed())
    }

    @Test("rows sharing one time are ordered and paged by id", arguments: StoreKind.allCases)
    func pagingWithEqualTimes(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder, clock: TestClock(step: 0))
        let tenant = try await store.tenants.create(name: "acme").tenant.id
        var recorded: [LayoutID] = []
        for marker in 0..<40 {
            recorded.append(try await store.layouts.record(sampleLayout(tenantID: tenant, marker: marker)).id)
        }
        let seen = try await allPages(store, tenant: tenant, limit: 6)
        #expect(Set(seen.map(\.createdAt)).count == 1)
        #expect(seen.map(\.id) == recorded.sorted().reversed())
    }

    @Test("filters by profile, navigation, status and time combine", arguments: StoreKind.allCases)
    func filters(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let tenant = try await store.tenants.create(name: "acme").tenant.id
        let profiles: [String?] = [nil, "driver", "rider"]
        var all: [LayoutSummary] = []
        for index in 0..<90 {
            let profile = profiles[index % 3]
            let layout = sampleLayout(
                tenantID: tenant, profile: profile, version: profile == nil ? nil : 1,
                navigation: LayoutNavigationState.allCases[(index / 3) % 3],
                status: LayoutStatus.allCases[(index / 9) % 3],
                marker: index)
            all.append(try await store.layouts.record(layout))
        }
        let since = all[20].createdAt
        let until = all[70].createdAt
        let filters: [LayoutHistoryFilter] = [
            LayoutHistoryFilter(),
            LayoutHistoryFilter(profileName: "driver"),
            LayoutHistoryFilter(navigation: .ready),
            LayoutHistoryFilter(status: .error),
            LayoutHistoryFilter(since: since),
            LayoutHistoryFilter(until: until),
            LayoutHistoryFilter(
                profileName: "rider", navigation: .guidance, status: .warning, since: since, until: until),
            LayoutHistoryFilter(profileName: "nobody"),
        ]
        for filter in filters {
            let expected = all.reversed().filter { layout in
                (filter.profileName == nil || layout.profileName == filter.profileName)
                    && (filter.navigation == nil || layout.navigation == filter.navigation)
                    && (filter.status == nil || layout.status == filter.status)
                    && (filter.since.map { layout.createdAt >= $0 } ?? true)
                    && (filter.until.map { layout.createdAt < $0 } ?? true)
            }
            let seen = try await allPages(store, tenant: tenant, filter: filter, limit: 4)
            #expect(seen == expected, "filter \(filter)")
        }
    }

    @Test(
        "paging while rows are inserted loses and repeats none of the rows that existed at the start",
        arguments: StoreKind.allCases)
    func pagingUnderConcurrentInserts(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let tenant = try await store.tenants.create(name: "acme").tenant.id
        let other = try await store.tenants.create(name: "other").tenant.id
        var existing: Set<LayoutID> = []
        for marker in 0..<200 {
            existing.insert(try await store.layouts.record(sampleLayout(tenantID: tenant, marker: marker)).id)
        }
        // Writers running the whole time, in both tenants, next to inserts between every two pages.
        let background = Task {
            var inserted: [LayoutID] = []
            for marker in 0..<300 {
                let tenantID = marker.isMultiple(of: 3) ? other : tenant
                let id = try await store.layouts.record(sampleLayout(tenantID: tenantID, marker: 1000 + marker)).id
                if tenantID == tenant { inserted.append(id) }
                await Task.yield()
            }
            return inserted
        }
        var insertedBetweenPages: [LayoutID] = []
        let seen = try await allPages(store, tenant: tenant, limit: 9) { page in
            try await withThrowingTaskGroup(of: LayoutID.self) { group in
                for copy in 0..<3 {
                    group.addTask {
                        try await store.layouts.record(sampleLayout(tenantID: tenant, marker: 5000 + page * 10 + copy))
                            .id
                    }
                }
                for try await id in group { insertedBetweenPages.append(id) }
            }
        }
        let insertedInBackground = try await background.value
        let seenIDs = seen.map(\.id)
        #expect(Set(seenIDs).count == seenIDs.count, "a row was listed twice")
        #expect(existing.isSubset(of: Set(seenIDs)), "a row that existed at the start was skipped")
        let allowed = existing.union(insertedInBackground).union(insertedBetweenPages)
        #expect(Set(seenIDs).isSubset(of: allowed), "a row of another tenant was listed")
        #expect(seen == seen.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) })
    }

    @Test("paging stays exact when late rows land among the pages still to come", arguments: StoreKind.allCases)
    func pagingWithRowsLandingBehindTheCursor(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let clock = TestClock()
        let store = try await Store.open(kind, in: folder, clock: clock)
        let tenant = try await store.tenants.create(name: "acme").tenant.id
        var existing: [LayoutID] = []
        for marker in 0..<50 {
            existing.append(try await store.layouts.record(sampleLayout(tenantID: tenant, marker: marker)).id)
            clock.advance(by: .seconds(1))
        }
        // After each page the clock steps back 20 seconds before a row is recorded: the new row
        // sorts into the part of the history not listed yet (or just behind the cursor).
        let seen = try await allPages(store, tenant: tenant, limit: 5) { _ in
            clock.advance(by: .seconds(-20))
            try await store.layouts.record(sampleLayout(tenantID: tenant, marker: 999))
        }
        let seenIDs = seen.map(\.id)
        #expect(Set(seenIDs).count == seenIDs.count)
        #expect(Set(existing).isSubset(of: Set(seenIDs)))
    }

    @Test(
        "a cursor this listing did not write is refused with a reason",
        arguments: [
            "not a cursor!", "bGF5b3V0czF8MTIz", "YXVkaXQxfDEy", "bGF5b3V0czF8eHx5", "bGF5b3V0czF8MTIzfHh4eA", "====",
        ])
    func invalidCursor(cursor: String) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder)
        let tenant = try await store.tenants.create(name: "acme").tenant.id
        let error = await persistenceError { try await store.layouts.list(tenantID: tenant, cursor: cursor) }
        guard case .invalidCursor(let echoed, let reason) = error else {
            Issue.record("expected invalidCursor, got \(String(describing: error))")
            return
        }
        #expect(echoed == cursor)
        #expect(!reason.isEmpty)
    }

    @Test("retention by age deletes what is older than the limit, in every tenant", arguments: StoreKind.allCases)
    func retentionByAge(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let clock = TestClock()
        let store = try await Store.open(kind, in: folder, clock: clock)
        let a = try await store.tenants.create(name: "a").tenant.id
        let b = try await store.tenants.create(name: "b").tenant.id
        for marker in 0..<10 {
            try await store.layouts.record(sampleLayout(tenantID: a, marker: marker))
            try await store.layouts.record(sampleLayout(tenantID: b, marker: marker))
        }
        clock.advance(by: .seconds(7200))
        var recent: [LayoutID] = []
        for marker in 0..<5 {
            recent.append(try await store.layouts.record(sampleLayout(tenantID: a, marker: 100 + marker)).id)
        }
        let outcome = try await store.layouts.applyRetention(RetentionPolicy(maximumAge: .seconds(3600)), batchSize: 3)
        #expect(outcome == RetentionOutcome(deletedByAge: 20, deletedByCount: 0))
        #expect(try await store.layouts.list(tenantID: a).items.map(\.id) == recent.reversed())
        #expect(try await store.layouts.count(tenantID: b) == 0)
        let again = try await store.layouts.applyRetention(RetentionPolicy(maximumAge: .seconds(3600)))
        #expect(again.deleted == 0)
    }

    @Test("retention by count keeps each tenant's newest rows", arguments: [TestClock(), TestClock(step: 0)])
    func retentionByCount(clock: TestClock) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(.memory, in: folder, clock: clock)
        let a = try await store.tenants.create(name: "a").tenant.id
        let b = try await store.tenants.create(name: "b").tenant.id
        for marker in 0..<25 {
            try await store.layouts.record(sampleLayout(tenantID: a, marker: marker))
        }
        for marker in 0..<4 {
            try await store.layouts.record(sampleLayout(tenantID: b, marker: marker))
        }
        let newestOfA = Array(try await store.layouts.list(tenantID: a).items.prefix(10))
        let outcome = try await store.layouts.applyRetention(RetentionPolicy(maximumCountPerTenant: 10), batchSize: 4)
        #expect(outcome == RetentionOutcome(deletedByAge: 0, deletedByCount: 15))
        #expect(try await store.layouts.list(tenantID: a).items == newestOfA)
        #expect(try await store.layouts.count(tenantID: b) == 4)
        let none = try await store.layouts.applyRetention(RetentionPolicy(maximumCountPerTenant: 0))
        #expect(none.deletedByCount == 14)
        #expect(try await store.layouts.count(tenantID: a) == 0)
    }

    @Test("keeping everything deletes nothing", arguments: StoreKind.allCases)
    func keepEverything(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let tenant = try await store.tenants.create(name: "acme").tenant.id
        try await store.layouts.record(sampleLayout(tenantID: tenant))
        #expect(try await store.layouts.applyRetention(.keepEverything).deleted == 0)
        #expect(try await store.layouts.count(tenantID: tenant) == 1)
    }

    @Test("a cursor stays valid after retention deleted the row it points at", arguments: StoreKind.allCases)
    func cursorSurvivesRetention(kind: StoreKind) async throws {
        let folder = try TemporaryFolder()
        let store = try await Store.open(kind, in: folder)
        let tenant = try await store.tenants.create(name: "acme").tenant.id
        var recorded: [LayoutID] = []
        for marker in 0..<20 {
            recorded.append(try await store.layouts.record(sampleLayout(tenantID: tenant, marker: marker)).id)
        }
        let first = try await store.layouts.list(tenantID: tenant, limit: 5)
        let cursor = try #require(first.nextCursor)
        // Keep only the newest 3: the row the cursor names is gone.
        try await store.layouts.applyRetention(RetentionPolicy(maximumCountPerTenant: 3))
        #expect(try await store.layouts.list(tenantID: tenant, cursor: cursor).items.isEmpty)
        for marker in 0..<3 {
            try await store.layouts.record(sampleLayout(tenantID: tenant, marker: 100 + marker))
        }
        // New rows are above the cursor: the continuation still holds nothing.
        #expect(try await store.layouts.list(tenantID: tenant, cursor: cursor).nextCursor == nil)
        #expect(try await store.layouts.list(tenantID: tenant, cursor: cursor).items.isEmpty)
        #expect(first.items.map(\.id) == Array(recorded.reversed().prefix(5)))
    }
}
