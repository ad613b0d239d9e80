import Foundation

/// Starting on time. An output that parks (`parksOnSeek`) seeks, paused, a little ahead of the
/// room, and is told to play the moment the room gets there: its sound starts where the room
/// is. Told to play and seek at once, mpv lands 60–80 ms behind and catches up for seconds at
/// rates one can hear.
extension ListenerSession {
  struct Parking: Equatable {
    /// Where the output waits (seconds into the track); when that seek was asked, and where the
    /// room was then.
    var position: Double
    var asked: Double
    var target: Double
    /// The output is there.
    var parked = false
    /// Parkings so far for this start: one that came too late is tried once more, further ahead.
    var attempt = 1
  }

  /// How far ahead of the room to park: the time a parking seek takes, with room to spare.
  var parkingLead: Double { 1.5 * parkingTime + 0.03 }

  /// Whether to park for `target`: the output can, its seeks are quick enough (a parking that
  /// takes longer would only be late again: such an output seeks as it plays), and the track
  /// does not end first.
  func canPark(for target: Double) -> Bool {
    guard output.parksOnSeek, parkingTime < configuration.longestParking else { return false }
    guard let duration = room?.track?.duration, duration > 0 else { return true }
    return target + parkingLead < duration - Self.unjudgedTail
  }

  /// Parks the output `parkingLead` ahead of `target`; `.parked` then starts it. A parking that
  /// never ends (a seek mpv did not answer) gives way to seeking while playing.
  func park(target: Double, at now: Double, attempt: Int = 1) {
    controller.stop()
    let position = target + parkingLead
    let planned = Parking(position: position, asked: now, target: target, attempt: attempt)
    parking = planned
    output.seek(to: position)
    snapshot.status = "Starting"
    let patience = max(configuration.parkingPatience, 3 * parkingTime)
    Task { [weak self] in
      try? await Task.sleep(for: .seconds(patience))
      await self?.parkingTimedOut(planned)
    }
  }

  private func parkingTimedOut(_ expected: Parking) {
    let now = clock.now()
    guard parking == expected, snapshot.sourceMode == .radio, let target = target(at: now) else { return }
    snapshot.log("parking got no answer: seeking while playing")
    parking = nil
    seek(to: target, at: now)
    playFromHere(at: now)
  }

  /// Whether the parking under way still suits the room: a state that did not move the room's
  /// timeline leaves it be (when the parking is late, `playWhenDue` parks again).
  func parkingFits(at now: Double) -> Bool {
    guard let parking, let target = target(at: now) else { return false }
    return abs(target - parking.target - (now - parking.asked)) < configuration.drift.seekThreshold
  }

  /// The output holds at `seconds`: learn how long parking took, and play when due.
  func parked(at seconds: Double) {
    guard var parking, !parking.parked, abs(parking.position - seconds) < 0.0005 else { return }
    let took = clock.now() - parking.asked
    // A slow parking counts at once (the next must not be late); a quick one slowly.
    parkingTime = took > parkingTime ? took : parkingTime + 0.2 * (took - parkingTime)
    parking.parked = true
    self.parking = parking
    playWhenDue(parking)
  }

  /// Plays the parked output once the room reaches its position (less the learned start lead);
  /// parks again further ahead when the room was past it by the time it parked. (Woken late,
  /// it plays: the drift controller takes the rest.)
  func playWhenDue(_ expected: Parking, woken: Bool = false) {
    guard parking == expected, snapshot.sourceMode == .radio, let state = room, !state.paused else { return }
    let now = clock.now()
    guard let target = target(at: now) else { return }
    let wait = expected.position - controller.startLead - target
    if wait < -Self.lateParking, !woken, expected.attempt < 2 {
      park(target: target, at: now, attempt: expected.attempt + 1)
    } else if wait > Self.startTolerance {
      Task { [weak self] in
        try? await Task.sleep(for: .seconds(wait))
        await self?.playWhenDue(expected, woken: true)
      }
    } else {
      parking = nil
      // Only a start on time teaches the start lead (a late one is late by the machine).
      let onTime = wait >= -Self.lateParking
      output.setRate(controller.playerRepositioned(at: now, landing: onTime ? .start : .restart))
      playFromHere(at: now)
    }
  }

  /// How early a parked start may be…
  static let startTolerance = 0.0005
  /// …and how late a parking may end, before the output is parked again (less is nudged away
  /// once it plays).
  static let lateParking = 0.02
}
