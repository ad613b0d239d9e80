#ifndef BL_MPEG_INFO_FRAME_HPP
#define BL_MPEG_INFO_FRAME_HPP

// The silent first frame that encoders use to describe a stream: Xing/Info (LAME, FFmpeg) or
// VBRI (Fraunhofer), plus LAME's extension with the gapless encoder delay and padding.

#include "MPEGHeader.hpp"

#include <cstddef>

namespace bl {

struct MPEGInfoFrame {
  bool present = false;  // a Xing, Info or VBRI header was found
  bool isVBRI = false;
  uint32_t frames = 0;   // audio frames after this one; 0 when not given
  uint32_t bytes = 0;    // stream bytes including this frame; 0 when not given
  bool hasGaplessInfo = false;
  int encoderDelay = 0;    // samples the encoder added at the start
  int encoderPadding = 0;  // samples the encoder added at the end
};

// `frame` holds `length` bytes of the first frame, header included.
MPEGInfoFrame parseMPEGInfoFrame(const uint8_t *frame, size_t length, const MPEGHeader &header);

} // namespace bl

#endif
