extension Tableau {
    /// `rows[target] += factor * source`, dropping `eliminated` from the target (the symbol being
    /// substituted, whose coefficient `factor` is). A linear merge of two sorted rows; entries that
    /// cancel leave the row and the column index.
    mutating func mergeIntoRow(
        _ target: Int32, source: [RowEntry], sourceConstant: Double, factor: Double, eliminating eliminated: Int32
    ) {
        journalRow(target)
        var merged: [RowEntry] = []
        swap(&merged, &mergeBuffer)
        merged.removeAll(keepingCapacity: true)
        var old: [RowEntry] = []
        swap(&old, &rowEntries[Int(target)])
        merged.reserveCapacity(old.count + source.count)
        var i = 0
        var j = 0
        let oldCount = old.count
        let sourceCount = source.count
        while i < oldCount || j < sourceCount {
            if j == sourceCount || (i < oldCount && old[i].symbol < source[j].symbol) {
                let entry = old[i]
                if entry.symbol == eliminated {
                    unlink(entry.symbol, node: entry.node)
                } else {
                    merged.append(entry)
                }
                i += 1
            } else if i == oldCount || source[j].symbol < old[i].symbol {
                let value = factor * source[j].coefficient
                if !Tableau.nearZero(value) {
                    let symbol = source[j].symbol
                    merged.append(RowEntry(symbol: symbol, node: link(symbol, slot: target), coefficient: value))
                }
                j += 1
            } else {
                var entry = old[i]
                let value = entry.coefficient + factor * source[j].coefficient
                if Tableau.nearZero(value) {
                    unlink(entry.symbol, node: entry.node)
                } else {
                    entry.coefficient = value
                    merged.append(entry)
                }
                i += 1
                j += 1
            }
        }
        rowEntries[Int(target)] = merged
        rowConstant[Int(target)] += factor * sourceConstant
        if !journaling {
            // Recycle the old buffer; while journaling the journal keeps it instead.
            mergeBuffer = old
        }
        let basic = rowBasic[Int(target)]
        if rowConstant[Int(target)] < -Tableau.epsilon && kind[Int(basic)] != .external {
            infeasible.append(basic)
        }
    }

    /// Replaces `symbol` everywhere (other rows, the objective, the phase-one objective) by the row of
    /// `slot`, whose basic symbol it now is. Only rows in the symbol's column are visited.
    mutating func substitute(_ symbol: Int32, slot: Int32) {
        let source = rowEntries[Int(slot)]
        let sourceConstant = rowConstant[Int(slot)]
        collectColumn(symbol)
        var slots: [Int32] = []
        swap(&slots, &slotBuffer)
        for target in slots {
            let coefficient = rowEntries[Int(target)].coefficient(of: symbol)
            mergeIntoRow(target, source: source, sourceConstant: sourceConstant, factor: coefficient, eliminating: symbol)
        }
        slotBuffer = slots
        let base = Int(symbol) * levelCount
        for level in 0..<levelCount {
            let cost = objective[base + level]
            if cost == 0 { continue }
            for entry in source {
                addToObjective(Int(entry.symbol) * levelCount + level, cost * entry.coefficient)
                markDirty(entry.symbol)
            }
            addToObjective(base + level, -cost)
        }
        if artificialActive {
            substituteIntoArtificial(symbol, source: source, sourceConstant: sourceConstant)
        }
    }

    mutating func substituteIntoArtificial(_ symbol: Int32, source: [RowEntry], sourceConstant: Double) {
        guard let index = artificialEntries.position(of: symbol) else { return }
        let factor = artificialEntries[index].coefficient
        var merged: [RowEntry] = []
        merged.reserveCapacity(artificialEntries.count + source.count)
        var i = 0
        var j = 0
        let old = artificialEntries
        while i < old.count || j < source.count {
            if j == source.count || (i < old.count && old[i].symbol < source[j].symbol) {
                if old[i].symbol != symbol { merged.append(old[i]) }
                i += 1
            } else if i == old.count || source[j].symbol < old[i].symbol {
                let value = factor * source[j].coefficient
                if !Tableau.nearZero(value) {
                    merged.append(RowEntry(symbol: source[j].symbol, node: -1, coefficient: value))
                }
                j += 1
            } else {
                let value = old[i].coefficient + factor * source[j].coefficient
                if !Tableau.nearZero(value) {
                    merged.append(RowEntry(symbol: old[i].symbol, node: -1, coefficient: value))
                }
                i += 1
                j += 1
            }
        }
        artificialEntries = merged
        artificialConstant += factor * sourceConstant
    }

    /// Makes `entering` basic in the row of `slot`; the row's basic symbol leaves the basis.
    mutating func pivot(entering: Int32, slot: Int32) {
        journalRow(slot)
        let leaving = rowBasic[Int(slot)]
        var entries: [RowEntry] = []
        swap(&entries, &rowEntries[Int(slot)])
        guard let index = entries.position(of: entering) else {
            rowEntries[Int(slot)] = entries
            return
        }
        let coefficient = entries[index].coefficient
        unlink(entering, node: entries[index].node)
        entries.remove(at: index)
        // leaving = c + a·entering + Σ → entering = (leaving - c - Σ) / a
        let scale = -1 / coefficient
        var insertAt = entries.count
        for position in entries.indices {
            entries[position].coefficient *= scale
            if insertAt == entries.count && entries[position].symbol > leaving { insertAt = position }
        }
        entries.insert(
            RowEntry(symbol: leaving, node: link(leaving, slot: slot), coefficient: 1 / coefficient), at: insertAt)
        rowEntries[Int(slot)] = entries
        rowConstant[Int(slot)] *= scale
        rowBasic[Int(slot)] = entering
        rowOf[Int(entering)] = slot
        rowOf[Int(leaving)] = -1
        substitute(entering, slot: slot)
    }
}
