import BenchmarkSupport
import JSON
import NavigationLayout
import Testing

/// What one request may ask of the engine: each limit refuses a request over it with an issue that
/// names the limit, its value and the request's count, and a request within every limit is solved
/// as before.
@Suite("Layout limits")
struct LayoutLimitsTests {
    static func solve(_ bytes: [UInt8], limits: LayoutLimits) throws -> Result<SolvedLayout, RequestError> {
        let pipeline = LayoutPipeline(limits: limits, clock: { 0 })
        let body = try LayoutBody.read(bytes)
        do throws(RequestError) {
            return .success(try pipeline.solve(body))
        } catch {
            return .failure(error)
        }
    }

    static func refusal(_ bytes: [UInt8], limits: LayoutLimits) throws -> [String] {
        guard case .failure(let error) = try solve(bytes, limits: limits) else { return [] }
        return error.issues.map(\.description)
    }

    @Test("more views than the limit are refused, naming the limit and the count")
    func tooManyViews() throws {
        let bytes = chainedLayoutRequest(views: 11)
        #expect(
            try Self.refusal(bytes, limits: LayoutLimits(views: 10))
                == ["delegate: has 11 views, guides and stacks; the limit is 10 (--max-views)"])
        #expect(try Self.refusal(bytes, limits: LayoutLimits(views: 11)).isEmpty)
    }

    @Test("more constraints than the limit are refused")
    func tooManyConstraints() throws {
        // 2 per view and 6 for the logo and the viewport.
        let bytes = chainedLayoutRequest(views: 20)
        #expect(
            try Self.refusal(bytes, limits: LayoutLimits(constraints: 45))
                == ["delegate: has 46 constraints; the limit is 45 (--max-constraints)"])
        #expect(try Self.refusal(bytes, limits: LayoutLimits(constraints: 46)).isEmpty)
    }

    @Test("more distinct priorities than the limit are refused, hugging and compression included")
    func tooManyPriorityLevels() throws {
        let bytes = Array(
            """
            {"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"},
             "delegate": {"views": {"a": {"width": 10, "hugging": 300, "compression": 700}},
                          "ready": {"views": ["a"], "constraints": ["a.top == map.top @low", "a.leading == map.leading @501"]}}}
            """.utf8)
        // 250 (low), 501, 300 and 700.
        #expect(
            try Self.refusal(bytes, limits: LayoutLimits(priorityLevels: 3))
                == ["delegate: has 4 priority levels below required; the limit is 3 (--max-priority-levels)"])
        #expect(try Self.refusal(bytes, limits: LayoutLimits(priorityLevels: 4)).isEmpty)
    }

    @Test("more arranged views in stacks than the limit are refused")
    func tooManyStackMembers() throws {
        let bytes = Array(
            """
            {"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"},
             "delegate": {"views": {"a": {}, "b": {}, "c": {}},
                          "stacks": {"s": {"position": "top", "alignment": "leading", "arranged": ["a", "b", "c"]}},
                          "ready": {"views": ["s"], "constraints": ["s.top == map.top", "s.leading == map.leading"]}}}
            """.utf8)
        #expect(
            try Self.refusal(bytes, limits: LayoutLimits(stackMembers: 2))
                == ["delegate.stacks: has 3 arranged views; the limit is 2 (--max-stack-members)"])
        #expect(try Self.refusal(bytes, limits: LayoutLimits(stackMembers: 3)).isEmpty)
    }

    @Test("a layout whose solve needs more solver work than the limit is refused, and not cached")
    func solverWorkOverBudget() throws {
        let bytes = spacedColumnRequest(views: 100)
        let small = LayoutLimits(solverWork: 1_000)
        let refusal = try Self.refusal(bytes, limits: small)
        #expect(refusal.count == 1)
        #expect(refusal.first?.contains("solver work limit of 1000 row operations") == true)
        #expect(refusal.first?.contains("(--max-solver-work)") == true)
        // Refused again the second time: nothing over the budget is kept.
        let pipeline = LayoutPipeline(limits: small, clock: { 0 })
        for _ in 0..<2 {
            let refused: Bool
            do {
                _ = try pipeline.solve(LayoutBody.read(bytes))
                refused = false
            } catch {
                refused = true
            }
            #expect(refused)
        }
        #expect(pipeline.preparedLayoutCount == 0)
        // Within the standard limits the same request is solved.
        guard case .success(let solved) = try Self.solve(bytes, limits: .standard) else {
            Issue.record("the standard limits refused a column of 100 views")
            return
        }
        #expect(solved.result.frames.count == 100)
    }

    @Test("the device matrix applies the same limits")
    func matrixIsLimited() throws {
        var document = try JSONParser().parse(chainedLayoutRequest(views: 11))
        if case .object(var object) = document {
            object["matrix"] = .object([("devices", .array([.string("iphone-se-2")]))])
            document = .object(object)
        }
        let pipeline = LayoutPipeline(limits: LayoutLimits(views: 10), clock: { 0 })
        do {
            _ = try pipeline.matrix(LayoutBody(document: document))
            Issue.record("a matrix over the view limit was solved")
        } catch {
            #expect(error.description.contains("(--max-views)"))
        }
    }
}

/// The prepared-layout cache is bounded by the estimated bytes of what it keeps, not only by the
/// number of keys: large layouts push out older ones, and one larger than the whole bound is not kept.
@Suite("Prepared-layout cache bytes")
struct PreparedLayoutCacheBytesTests {
    @Test("large layouts are kept within the byte bound")
    func largeLayoutsStayWithinTheBound() throws {
        let one = LayoutPipeline(clock: { 0 })
        _ = try one.solve(LayoutBody.read(chainedLayoutRequest(views: 200)))
        let size = one.preparedLayoutBytes
        // A chained layout of 200 views holds its solver's tables: far more than a small layout.
        #expect(size > 100_000)

        let bound = size * 5 / 2
        let pipeline = LayoutPipeline(cacheBytes: bound, clock: { 0 })
        for views in 200..<206 {
            _ = try pipeline.solve(LayoutBody.read(chainedLayoutRequest(views: views)))
            #expect(pipeline.preparedLayoutBytes <= bound)
        }
        // Two fit in two and a half layouts' worth of bytes; the count bound (256) never came into it.
        #expect(pipeline.preparedLayoutCount == 2)
        #expect(pipeline.preparedLayoutBytes > size)
    }

    @Test("a layout larger than the whole bound is solved but not kept")
    func oversizedLayoutIsNotKept() throws {
        let pipeline = LayoutPipeline(cacheBytes: 10_000, clock: { 0 })
        let solved = try pipeline.solve(LayoutBody.read(chainedLayoutRequest(views: 100)))
        #expect(solved.result.frames.count == 102)
        #expect(pipeline.preparedLayoutCount == 0)
        #expect(pipeline.preparedLayoutBytes == 0)
    }
}
