"""Linear-step animation and trajectory playing: poses, newest target wins, clock catch-up."""

import numpy as np
import pytest

from robosim.gui.screens.animation import DEFAULT_STEPS, JointAnimation


class FakeClock:
    """A clock the test sets by hand (seconds)."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def run(animation):
    poses = []
    while (q := animation.step()) is not None:
        poses.append(q)
    return np.array(poses)


def test_a_move_is_ten_equal_steps_by_default_ending_on_the_target():
    start, target = np.array([0.0, 1.0, -2.0]), np.array([1.0, -1.0, 3.0])
    poses = run(JointAnimation(start))
    assert len(poses) == 0
    animation = JointAnimation(start)
    animation.move_to(target)
    poses = run(animation)
    assert DEFAULT_STEPS == 10 and len(poses) == 10
    expected = [start + k / 10 * (target - start) for k in range(1, 11)]
    np.testing.assert_allclose(poses, expected, atol=1e-12)
    assert not animation.running
    np.testing.assert_array_equal(animation.q, target)


def test_a_new_target_during_a_move_starts_from_the_pose_shown_and_wins():
    animation = JointAnimation([0.0], steps=4)
    animation.move_to([8.0])
    shown = [animation.step() for _ in range(2)]          # 2, 4
    animation.move_to([0.0])                             # pressed during the move
    rest = run(animation)
    np.testing.assert_allclose(np.concatenate([shown, rest])[:, 0], [2, 4, 3, 2, 1, 0])
    np.testing.assert_array_equal(animation.target, [0.0])


def test_slow_drawing_skips_to_the_pose_due_but_never_goes_backwards():
    clock = FakeClock()
    animation = JointAnimation([0.0], steps=10, delay=0.1, clock=clock)
    animation.move_to([10.0])
    assert animation.step()[0] == pytest.approx(1.0)     # t = 0: first step
    assert animation.skipped.shape == (0, 1)
    clock.now = 0.55                                      # a slow frame: steps 2..6 are due
    assert animation.step()[0] == pytest.approx(6.0)
    np.testing.assert_allclose(animation.skipped[:, 0], [2, 3, 4, 5])  # passed over, in order
    assert animation.step()[0] == pytest.approx(7.0)     # fast ticks: one step each
    assert animation.skipped.shape == (0, 1)
    clock.now = 5.0
    assert animation.step()[0] == pytest.approx(10.0)
    np.testing.assert_allclose(animation.skipped[:, 0], [8, 9])
    assert animation.step() is None


def test_play_approaches_the_first_pose_then_follows_the_trajectory_times():
    clock = FakeClock()
    animation = JointAnimation([0.0, 0.0], steps=2, delay=0.5, clock=clock)
    t = np.array([10.0, 10.5, 12.0])
    q = np.array([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
    animation.play(t, q)
    poses = []
    for now in (0.0, 0.0, 0.9, 1.0, 1.2, 1.5, 2.9, 3.0):
        clock.now = now
        poses.append(animation.step())
    # approach: a step per tick; then the pose due at each time (held until the next is due)
    np.testing.assert_allclose(poses, [[0.5, 0.5], [1, 1], [1, 1], [1, 1], [1, 1], [2, 2],
                                       [2, 2], [3, 3]])
    assert animation.step() is None


def test_a_play_from_the_pose_shown_starts_at_once_and_takes_more_poses_as_they_come():
    # a free fall computed while it plays: its first rows, then the rest, on one clock
    clock = FakeClock()
    animation = JointAnimation([0.0], steps=2, delay=0.5, clock=clock)
    animation.play([0.0, 0.1], [[0.0], [1.0]])
    assert animation.step()[0] == 0.0                   # no approach: the arm is there
    clock.now = 0.1
    assert animation.step()[0] == 1.0 and not animation.running
    animation.extend([0.2, 0.3], [[2.0], [3.0]])
    assert animation.running and animation.target[0] == 3.0
    clock.now = 0.3
    assert animation.step()[0] == 3.0
    np.testing.assert_allclose(animation.skipped[:, 0], [2.0])
    assert animation.step() is None


def test_stop_keeps_the_pose_shown():
    animation = JointAnimation([0.0], steps=5)
    animation.move_to([5.0])
    animation.step()
    animation.stop()
    assert not animation.running and animation.step() is None
    np.testing.assert_array_equal(animation.target, [1.0])
