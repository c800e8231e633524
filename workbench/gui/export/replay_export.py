"""Replays as files: frames drawn by the window's own board painters, written as PNG, GIF or MP4.

``FrameRenderer`` owns an off-screen QGraphicsScene and the puzzle's board
adapter (``workbench/gui/board/painters/<id>.py``, the same one the board view uses),
so an exported picture is the app's picture. Below the board a banner gives
the move number, the score and a stage's caption. Qt writes PNG (``write_png``, the window's
Export board as PNG too), Pillow GIF;
MP4 goes through imageio's ffmpeg writer when it is installed (imageio-ffmpeg
ships its own ffmpeg binary). Frames are produced one at a time from
``replay.frames``; the GIF writer keeps the chosen frames as 8-bit palette
images and the MP4 writer streams them to ffmpeg.

Needs a QApplication (``ensure_app`` makes an off-screen one for the command line).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsScene

from workbench.core.errors import WorkbenchError
from workbench.core.files import write_atomic
from workbench.gui.board.painters import adapter_class
from workbench.gui.export import replay

DEFAULT_SIZE = 480  # pixels along the board's longer side
DEFAULT_FPS = 4.0  # the step panel's default speed (moves per second)
MAX_GIF_FPS = 50.0  # GIF delays are in 1/100 s and viewers slow anything under 2/100 s down
END_HOLD_MS = 1500  # a GIF holds its last frame a little before looping
PALETTE_SAMPLES = 12  # frames, evenly spread over the replay, that pick a GIF's colours
FORMATS = (".png", ".gif", ".mp4")
BANNER = QColor("#2b2b2b")
BANNER_TEXT = QColor("#f4f1ea")
CAPTION_TEXT = QColor("#c9c2b4")


def ensure_app() -> QApplication:
    """The running QApplication, or an off-screen one (rendering never needs a display)."""
    app = QApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication(["puzzle-workbench-render"])
    return app


def mp4_available() -> bool:
    try:
        import imageio.v2  # noqa: F401
        import imageio_ffmpeg

        imageio_ffmpeg.get_ffmpeg_exe()
    except (ImportError, RuntimeError):
        return False
    return True


def _even(value: float) -> int:
    return max(2, int(round(value / 2)) * 2)  # H.264 with 4:2:0 colour needs even sizes


class FrameRenderer:
    """Draws replay frames of one instance at a fixed size."""

    def __init__(self, puzzle, instance, size: int = DEFAULT_SIZE, options: dict | None = None):
        cls = adapter_class(puzzle.id)
        if cls is None:
            raise WorkbenchError(f"{puzzle.id} has no board painter, so it cannot be rendered")
        if size < 64:
            raise WorkbenchError(f"--size {size} is too small (at least 64 pixels)")
        ensure_app()
        self.puzzle, self.instance = puzzle, instance
        self.scene = QGraphicsScene()
        self.adapter = cls(puzzle, self.scene)
        self.adapter.options.update(options or {})
        self.adapter.build(instance)
        self.source = self.scene.sceneRect()
        scale = size / max(self.source.width(), self.source.height())
        self.width = _even(self.source.width() * scale)
        self.board_height = _even(self.source.height() * scale)
        self.font = QFont()
        self.font.setPixelSize(max(11, int(size * 0.035)))
        self.small = QFont(self.font)
        self.small.setPixelSize(max(10, int(size * 0.028)))
        self.banner = _even(self.font.pixelSize() * 1.6 + self.small.pixelSize() * 1.5)
        self.height = self.board_height + self.banner

    def image(self, frame: replay.ReplayFrame) -> QImage:
        self.adapter.show(self.instance, frame.state, frame.last_move, frame.highlight, hints=False)
        image = QImage(self.width, self.height, QImage.Format_RGB32)
        image.fill(Qt.white)
        painter = QPainter(image)
        painter.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.scene.render(painter, QRectF(0, 0, self.width, self.board_height), self.source, Qt.KeepAspectRatio)
        top = self.board_height
        painter.fillRect(0, top, self.width, self.banner, BANNER)
        pad = self.font.pixelSize() // 2
        line = QRectF(pad, top + pad // 2, self.width - 2 * pad, self.font.pixelSize() * 1.4)
        painter.setFont(self.font)
        painter.setPen(BANNER_TEXT)
        painter.drawText(line, Qt.AlignLeft | Qt.AlignVCenter, f"move {frame.step} / {frame.total}")
        painter.drawText(line, Qt.AlignRight | Qt.AlignVCenter, f"score {frame.score}")
        painter.setFont(self.small)
        painter.setPen(CAPTION_TEXT)
        below = QRectF(pad, line.bottom(), self.width - 2 * pad, self.small.pixelSize() * 1.4)
        caption = painter.fontMetrics().elidedText(frame.caption, Qt.ElideRight, int(below.width()))
        painter.drawText(below, Qt.AlignLeft | Qt.AlignVCenter, caption)
        painter.end()
        return image

    def array(self, frame: replay.ReplayFrame) -> np.ndarray:
        """The frame as an (height, width, 3) uint8 RGB array."""
        image = self.image(frame).convertToFormat(QImage.Format_RGB888)
        row = image.bytesPerLine()
        data = np.frombuffer(image.constBits(), dtype=np.uint8, count=row * self.height)
        return data.reshape(self.height, row)[:, : self.width * 3].reshape(self.height, self.width, 3).copy()


@dataclass(frozen=True)
class ReplayResult:
    path: Path
    frames: int  # frames written
    positions: int  # frames the whole line makes (more than ``frames`` when sampled)
    width: int
    height: int

    @property
    def sampled(self) -> bool:
        return self.frames < self.positions


def _temporary_beside(path: Path) -> Path:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=path.suffix, dir=path.parent)
    os.close(fd)
    return Path(tmp)


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def write_png(image: QImage, path: str | Path) -> None:
    """The one way a picture becomes a .png file (``render``'s position, the window's Export
    board as PNG): written atomically; OSError when it cannot be."""
    write_atomic(path, png_bytes(image))


def shared_palette(samples: Iterable[np.ndarray]) -> Image.Image:
    """One 256-colour palette for the whole GIF, from a few of its frames side by side.

    Boards have few flat colours, so a shared palette loses nothing a per-frame one keeps,
    and unchanged pixels keep their index from frame to frame: the GIF is 2 to 10 times
    smaller and does not flicker. Fast octree is 5x faster than median cut.
    """
    mosaic = Image.fromarray(np.concatenate(list(samples), axis=0))
    return mosaic.quantize(method=Image.Quantize.FASTOCTREE)


def _write_gif(images: Iterable[np.ndarray], count: int, path: Path, fps: float, palette: Image.Image) -> None:
    def indexed(array: np.ndarray) -> Image.Image:
        return Image.fromarray(array).quantize(palette=palette, dither=Image.Dither.NONE)

    images = iter(images)
    first = indexed(next(images))
    delay = int(round(1000 / min(fps, MAX_GIF_FPS)))
    durations = [delay] * count
    durations[-1] = max(delay, END_HOLD_MS)
    first.save(path, "GIF", save_all=True, append_images=(indexed(a) for a in images), duration=durations, loop=0)


def _write_mp4(images: Iterable[np.ndarray], path: Path, fps: float) -> None:
    import imageio.v2 as imageio

    with imageio.get_writer(
        path, format="FFMPEG", mode="I", fps=fps, codec="libx264", pixelformat="yuv420p", macro_block_size=1, quality=8
    ) as writer:
        for array in images:
            writer.append_data(array)


def write_replay(
    puzzle,
    instance,
    moves: Sequence,
    path: str | Path,
    *,
    fps: float = DEFAULT_FPS,
    size: int = DEFAULT_SIZE,
    stages: bool = True,
    max_frames: int = replay.DEFAULT_MAX_FRAMES,
    options: dict | None = None,
    on_frame: Callable[[int, int], bool] | None = None,
) -> ReplayResult:
    """Write the line of ``moves`` as an animated GIF or an MP4, atomically.

    ``on_frame(done, total)`` is called after each frame; returning False cancels
    (nothing is written). Raises WorkbenchError for an unknown format or a
    missing video writer.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".gif", ".mp4"):
        raise WorkbenchError(f"a replay is written as .gif or .mp4, not '{path.suffix or path.name}'")
    if suffix == ".mp4" and not mp4_available():
        raise WorkbenchError(
            "MP4 needs imageio and imageio-ffmpeg (pip install imageio imageio-ffmpeg); GIF works without them"
        )
    if fps <= 0:
        raise WorkbenchError(f"--fps must be positive, got {fps:g}")
    renderer = FrameRenderer(puzzle, instance, size, options)
    positions = replay.count_frames(puzzle, instance, moves, stages)
    keep = replay.sample(positions, max_frames)
    count = positions if keep is None else len(keep)

    class Cancelled(Exception):
        pass

    def images():
        for done, frame in enumerate(replay.frames(puzzle, instance, moves, stages, keep), start=1):
            yield renderer.array(frame)
            if on_frame is not None and on_frame(done, count) is False:
                raise Cancelled

    try:
        tmp = _temporary_beside(path)
    except OSError as error:
        raise WorkbenchError(f"cannot write {path}: {error.strerror or error}") from None
    try:
        if suffix == ".gif":
            chosen = keep if keep is not None else range(positions)
            picks = [chosen[i] for i in replay.sample(len(chosen), PALETTE_SAMPLES) or range(len(chosen))]
            palette = shared_palette(
                renderer.array(frame) for frame in replay.frames(puzzle, instance, moves, stages, picks)
            )
            _write_gif(images(), count, tmp, fps, palette)
        else:
            _write_mp4(images(), tmp, fps)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except Cancelled:
        tmp.unlink(missing_ok=True)
        raise WorkbenchError("replay export cancelled") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return ReplayResult(path, count, positions, renderer.width, renderer.height)


def render_file(
    puzzle,
    instance,
    moves: Sequence,
    output: str | Path,
    *,
    step: int | None = None,
    fps: float = DEFAULT_FPS,
    size: int = DEFAULT_SIZE,
    stages: bool = True,
    max_frames: int = replay.DEFAULT_MAX_FRAMES,
    say: Callable[[str], None] = print,
) -> None:
    """``puzzle-workbench render``: a .png of one position, or a .gif / .mp4 replay of the line."""
    output = Path(output)
    suffix = output.suffix.lower()
    if suffix not in FORMATS:
        raise WorkbenchError(f"the output must end in {', '.join(FORMATS)}, not '{output.name}'")
    if suffix == ".png":
        at = len(moves) if step is None else step
        try:
            frame = replay.position(puzzle, instance, moves, at)
        except ValueError as error:
            raise WorkbenchError(str(error)) from None
        renderer = FrameRenderer(puzzle, instance, size)
        try:
            write_png(renderer.image(frame), output)
        except OSError as error:
            raise WorkbenchError(f"cannot write {output}: {error.strerror or error}") from None
        say(
            f"wrote {output}: move {at} of {len(moves)}, score {frame.score}, {renderer.width}x{renderer.height} pixels"
        )
        return
    if step is not None:
        raise WorkbenchError("--step picks one position, so it goes with a .png output")
    if max_frames < 2:
        raise WorkbenchError(f"--max-frames must be at least 2, got {max_frames}")
    positions = replay.count_frames(puzzle, instance, moves, stages)
    if positions > max_frames:
        say(
            f"the line makes {positions} frames, more than --max-frames {max_frames}: drawing "
            f"{max_frames} evenly spaced ones (about 1 in {positions / max_frames:.1f}), "
            "the start and the end included"
        )
    result = write_replay(puzzle, instance, moves, output, fps=fps, size=size, stages=stages, max_frames=max_frames)
    say(
        f"wrote {output}: {result.frames} frame{'s' if result.frames != 1 else ''} at {fps:g} fps, "
        f"{result.width}x{result.height} pixels, {output.stat().st_size // 1024} KiB"
    )
