"""ocr.read_crop: words of a crop come back in the coordinates of the image it was cut from."""
import cv2
import numpy as np

from pipeline import ocr


def test_a_crop_is_read_in_the_coordinates_of_its_page():
    page = np.full((200, 400), 255, np.uint8)
    cv2.putText(page, "4096", (230, 140), cv2.FONT_HERSHEY_SIMPLEX, 1.0, 0, 2)
    ys, xs = np.nonzero(page < 128)
    x0, y0 = 200, 100
    got = ocr.read_crop(page[y0:160, x0:380], (x0, y0), 1.0)
    assert [w.text for w in got] == ["4096"]
    w = got[0]
    # The box is the ink's, give or take tesseract's own margin, in page coordinates.
    assert abs(w.x0 - xs.min()) <= 3 and abs(w.x1 - (xs.max() + 1)) <= 3
    assert abs(w.y0 - ys.min()) <= 3 and abs(w.y1 - (ys.max() + 1)) <= 3
