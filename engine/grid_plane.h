// One value per board space (State's grid and space needs), stored as a square of `dim` rows
// of which only a band of rows holds anything: the rows from the lowest to the highest one a
// placed cell or its neighbours reach. Rows outside the band are never written nor read (they
// read as kEmpty), so a new plane zeroes nothing and a copy moves only the band: a game uses
// a few dozen rows of a square sized for the longest chain of tiles (issue 18, section 2).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

namespace carcheck {

template <class T, T kEmpty>
class GridPlane {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  GridPlane() = default;
  explicit GridPlane(int dim)
      : dim_(dim), data_(take(static_cast<size_t>(dim) * static_cast<size_t>(dim))) {}
  GridPlane(const GridPlane& o)
      : dim_(o.dim_),
        lo_(o.lo_),
        hi_(o.hi_),
        data_(o.data_ ? take(static_cast<size_t>(o.dim_) * static_cast<size_t>(o.dim_)) : nullptr) {
    copy_band(o);
  }
  ~GridPlane() { recycle(std::move(data_), size()); }
  GridPlane& operator=(const GridPlane& o) {
    if (this == &o) return *this;
    if (dim_ != o.dim_ || !data_ || !o.data_)  // another game's size: a buffer of its own
      data_.reset(o.data_ ? new T[static_cast<size_t>(o.dim_) * static_cast<size_t>(o.dim_)]
                          : nullptr);
    dim_ = o.dim_;
    lo_ = o.lo_;
    hi_ = o.hi_;
    copy_band(o);  // what lay outside o's band here is now outside this band too: never read
    return *this;
  }
  GridPlane(GridPlane&&) noexcept = default;
  GridPlane& operator=(GridPlane&&) noexcept = default;

  int dim() const { return dim_; }
  size_t size() const { return static_cast<size_t>(dim_) * static_cast<size_t>(dim_); }
  // The entry at `index` (row * dim + column); its row must lie in the band.
  T operator[](size_t index) const { return data_[index]; }
  T& operator[](size_t index) { return data_[index]; }
  const T* data() const { return data_.get(); }  // valid at indices in the band
  // Any (column, row): kEmpty off the square or outside the band.
  T at_or_empty(int gx, int gy) const {
    if (static_cast<unsigned>(gx) >= static_cast<unsigned>(dim_) || gy < lo_ || gy > hi_)
      return kEmpty;
    return data_[static_cast<size_t>(gy) * static_cast<size_t>(dim_) + static_cast<size_t>(gx)];
  }
  // Widens the band to hold rows `from`..`to` (inside the square), the new rows empty.
  void cover_rows(int from, int to) {
    if (lo_ > hi_) {
      fill_rows(from, to);
      lo_ = from;
      hi_ = to;
      return;
    }
    if (from < lo_) {
      fill_rows(from, lo_ - 1);
      lo_ = from;
    }
    if (to > hi_) {
      fill_rows(hi_ + 1, to);
      hi_ = to;
    }
  }
  // The indices that may hold something other than kEmpty: [band_begin, band_end).
  size_t band_begin() const { return lo_ > hi_ ? 0 : row_start(lo_); }
  size_t band_end() const { return lo_ > hi_ ? 0 : row_start(hi_ + 1); }
  // Every entry, inside the band or not, as it reads (snapshot(), first_difference()).
  T value(size_t index) const {
    return index >= band_begin() && index < band_end() ? data_[index] : kEmpty;
  }
  // Equal entry for entry, the entries outside a band being kEmpty.
  bool same_entries(const GridPlane& o) const {
    if (dim_ == o.dim_ && lo_ == o.lo_ && hi_ == o.hi_)  // the usual case: one compare
      return lo_ > hi_ || !std::memcmp(data_.get() + band_begin(), o.data_.get() + band_begin(),
                                       (band_end() - band_begin()) * sizeof(T));
    const size_t from = std::min(band_begin(), o.band_begin());
    const size_t to = std::max(band_end(), o.band_end());
    for (size_t i = from; i < to; ++i)
      if (value(i) != o.value(i)) return false;
    return true;
  }

 private:
  // The buffer of the plane last destroyed on this thread, kept for the next plane of its
  // size: a game's planes come and go with its State (a bcb game's two are 146 KB, past
  // glibc's trim threshold, so freeing them gave the heap back to the kernel after every
  // game and the next game's first writes faulted it in again). Contents are never read
  // outside a band, so a reused buffer needs no clearing.
  struct Spare {
    std::unique_ptr<T[]> data;
    size_t size = 0;
  };
  static Spare& spare() {
    thread_local Spare s;
    return s;
  }
  static std::unique_ptr<T[]> take(size_t n) {
    Spare& s = spare();
    if (s.data && s.size == n) return std::move(s.data);
    return std::unique_ptr<T[]>(new T[n]);
  }
  static void recycle(std::unique_ptr<T[]> data, size_t n) {
    if (!data) return;
    Spare& s = spare();
    s.data = std::move(data);
    s.size = n;
  }

  size_t row_start(int row) const { return static_cast<size_t>(row) * static_cast<size_t>(dim_); }
  void fill_rows(int from, int to) {
    if (from <= to)
      std::fill(data_.get() + row_start(from), data_.get() + row_start(to + 1), kEmpty);
  }
  void copy_band(const GridPlane& o) {
    if (o.lo_ <= o.hi_)
      std::memcpy(data_.get() + o.band_begin(), o.data_.get() + o.band_begin(),
                  (o.band_end() - o.band_begin()) * sizeof(T));
  }

  int dim_ = 0;
  int lo_ = 0, hi_ = -1;  // the band: rows lo_..hi_ (none when lo_ > hi_)
  std::unique_ptr<T[]> data_;
};

// A vector whose copies keep the original's capacity: State reserves its tables for a whole
// game, and a copied State (search, fuzzing) then grows them without allocating.
template <class T>
class KeptVector : public std::vector<T> {
 public:
  KeptVector() = default;
  KeptVector(const KeptVector& o) : std::vector<T>() { copy_from(o); }
  KeptVector& operator=(const KeptVector& o) {
    if (this != &o) copy_from(o);
    return *this;
  }
  KeptVector(KeptVector&&) noexcept = default;
  KeptVector& operator=(KeptVector&&) noexcept = default;
  ~KeptVector() = default;

 private:
  void copy_from(const KeptVector& o) {
    this->reserve(o.capacity());
    this->assign(o.begin(), o.end());
  }
};

}  // namespace carcheck
