/// The least-squares line through points: clock offset over time (the clock's drift rate) and
/// playback error over time (the player's).
struct LeastSquaresLine {
  /// 0 when every x is the same (then nothing is known about the slope; see `isDetermined`).
  let slope: Double
  let meanX: Double
  let meanY: Double
  let isDetermined: Bool

  init(_ points: [(x: Double, y: Double)]) {
    let count = Double(max(points.count, 1))
    meanX = points.reduce(0) { $0 + $1.x } / count
    meanY = points.reduce(0) { $0 + $1.y } / count
    var covariance = 0.0
    var variance = 0.0
    for point in points {
      covariance += (point.x - meanX) * (point.y - meanY)
      variance += (point.x - meanX) * (point.x - meanX)
    }
    isDetermined = variance > 0
    slope = isDetermined ? covariance / variance : 0
  }

  func value(at x: Double) -> Double { meanY + slope * (x - meanX) }
}
