// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

/// One (row, symbol) membership in the column index: a node of the symbol's doubly linked list of
/// rows. The operations work on raw pointers so the merge loop can link and unlink without
/// array bounds, uniqueness or exclusivity checks; callers reserve free nodes first.
///
/// Available nodes are the free list (nodes given back, linked through `next`) and the untouched
/// tail of the pool; `freeCount` counts both. The tail is used once the free list is empty, so it
/// needs no threading when the pool grows: the next tail node is `nodes.count - freeCount`.
struct ColumnNode {
    var slot: Int32
    var next: Int32
    var previous: Int32

    @inline(__always)
    static func link(
        _ symbol: Int32, slot: Int32, nodes: UnsafeMutableBufferPointer<ColumnNode>,
        heads: UnsafeMutableBufferPointer<Int32>, free: inout Int32, freeCount: inout Int
    ) -> Int32 {
        let node: Int32
        if free >= 0 {
            node = free
            free = nodes[Int(node)].next
        } else {
            node = Int32(truncatingIfNeeded: nodes.count &- freeCount)
        }
        freeCount &-= 1
        let head = heads[Int(symbol)]
        nodes[Int(node)] = ColumnNode(slot: slot, next: head, previous: -1)
        if head >= 0 { nodes[Int(head)].previous = node }
        heads[Int(symbol)] = node
        return node
    }

    @inline(__always)
    static func unlink(
        _ symbol: Int32, node: Int32, nodes: UnsafeMutableBufferPointer<ColumnNode>,
        heads: UnsafeMutableBufferPointer<Int32>, free: inout Int32, freeCount: inout Int
    ) {
        let previous = nodes[Int(node)].previous
        let next = nodes[Int(node)].next
        if previous >= 0 { nodes[Int(previous)].next = next } else { heads[Int(symbol)] = next }
        if next >= 0 { nodes[Int(next)].previous = previous }
        nodes[Int(node)].next = free
        free = node
        freeCount &+= 1
    }
}
