// The counting layer (Activity, Reading, Exports, Heatmap) reads through the history below it.
@_exported import GitActivityHistory
