// The rendering layer draws what the counting layer below it counted.
@_exported import GitActivityCounts
