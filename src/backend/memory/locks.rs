//! Locks of the engine's tables and token store.

use std::sync::{Mutex, MutexGuard, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

// A panic while holding a lock cannot leave a half-written item (every write is checked first,
// then applied as map updates that do not panic), so a poisoned lock is safe to keep using.

/// Locks for reading, ignoring poisoning (see above).
pub fn read_lock<T>(lock: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(PoisonError::into_inner)
}

/// Locks a mutex, ignoring poisoning (see above).
pub fn write_lock_mutex<T>(lock: &Mutex<T>) -> MutexGuard<'_, T> {
    lock.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Locks for writing, ignoring poisoning (see above).
pub fn write_lock<T>(lock: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    lock.write().unwrap_or_else(PoisonError::into_inner)
}
