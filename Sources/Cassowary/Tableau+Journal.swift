// Hot: measured by the `solve`, `path` and `served` stages (Benchmarks/Thresholds/budgets.json,
// `navlayout-layout-bench --profile solve`); changes here are checked by scripts/check-budgets.sh.

/// The undo journal that makes a rejected add atomic.
///
/// Only phase one (the artificial variable) can fail after it has changed the tableau, so only phase
/// one journals. A row is journaled the first time it changes: the journal copies its old entries,
/// constant and basic symbol. Objective
/// coefficients are journaled per write. Rolling back restores all of them and relinks the column
/// index, so every later pivot sees exactly the tableau it would have seen without the rejected add.
extension Tableau {
    mutating func beginJournal() {
        journaling = true
        journalSlotCount = rows.count
        // Copied element by element into the journal's own buffers: sharing the arrays would make
        // the next append to the live ones copy them.
        journalFreeSlots.replaceContents(with: freeSlots)
        journalDirty.replaceContents(with: dirty)
        journalInfeasible.replaceContents(with: infeasible)
    }

    @inline(__always)
    mutating func journalRow(_ slot: Int32) {
        guard journaling, !rows[Int(slot)].journaled else { return }
        rows[Int(slot)].journaled = true
        journalSlots.append(slot)
        let start = journalPool.count
        journalPool.append(contentsOf: entryPool[range(slot)])
        journalRanges.append(start..<journalPool.count)
        journalConstants.append(rows[Int(slot)].constant)
        journalBasics.append(rows[Int(slot)].basic)
    }

    mutating func commitJournal() {
        for slot in journalSlots { rows[Int(slot)].journaled = false }
        clearJournal()
    }

    mutating func rollBackJournal() {
        // Take the journaled rows out, then put their old contents back with fresh column links.
        for slot in journalSlots {
            for position in range(slot) { unlink(entryPool[position].symbol, node: entryPool[position].node) }
            let basic = rows[Int(slot)].basic
            if basic >= 0 { rowOf[Int(basic)] = -1 }
        }
        for (index, slot) in journalSlots.enumerated() {
            var entries = Array(journalPool[journalRanges[index]])
            reserveNodes(entries.count)
            for position in entries.indices {
                entries[position].node = link(entries[position].symbol, slot: slot)
            }
            storeRow(slot, entries)
            rows[Int(slot)].constant = journalConstants[index]
            let basic = journalBasics[index]
            rows[Int(slot)].basic = basic
            if basic >= 0 { rowOf[Int(basic)] = slot }
            rows[Int(slot)].journaled = false
        }
        for index in journalObjectiveIndex.indices.reversed() {
            objective[journalObjectiveIndex[index]] = journalObjectiveValue[index]
        }
        if rows.count > journalSlotCount {
            for slot in journalSlotCount..<rows.count { releaseRegion(Int32(slot)) }
            rows.removeSubrange(journalSlotCount...)
        }
        freeSlots.replaceContents(with: journalFreeSlots)
        for symbol in dirty { isDirty[Int(symbol)] = false }
        dirty.replaceContents(with: journalDirty)
        for symbol in dirty { isDirty[Int(symbol)] = true }
        infeasible.replaceContents(with: journalInfeasible)
        artificialActive = false
        clearJournal()
    }

    private mutating func clearJournal() {
        journaling = false
        journalSlots.truncate(to: 0)
        journalPool.truncate(to: 0)
        journalRanges.truncate(to: 0)
        journalConstants.truncate(to: 0)
        journalBasics.truncate(to: 0)
        journalObjectiveIndex.truncate(to: 0)
        journalObjectiveValue.truncate(to: 0)
        journalFreeSlots.truncate(to: 0)
        journalDirty.truncate(to: 0)
        journalInfeasible.truncate(to: 0)
    }
}
