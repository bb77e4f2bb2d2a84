//! The folder of games the server may read: names checked to stay inside it
//! (no `..`, no absolute path, no symbolic link leading out), the list of its
//! games, and saving a rule file back, atomically, only when allowed.

use std::path::{Component, Path, PathBuf};
use std::time::SystemTime;

/// The largest rule file read or written, in bytes.
pub const MAX_FILE: usize = 512 * 1024;

/// The folder served, as given and resolved.
pub struct GameDir {
    /// As given on the command line: record files name games through it.
    pub shown: PathBuf,
    /// Canonical, for the containment checks.
    root: PathBuf,
    pub allow_save: bool,
}

impl GameDir {
    pub fn new(dir: &Path, allow_save: bool) -> std::io::Result<GameDir> {
        Ok(GameDir {
            shown: dir.to_path_buf(),
            root: dir.canonicalize()?,
            allow_save,
        })
    }

    /// The path of a game named relative to the folder, if the name is a
    /// plain relative `.toml` path that stays inside it once every symbolic
    /// link is followed. `must_exist` false allows a new file (for saving)
    /// whose folder exists inside.
    pub fn resolve(&self, name: &str, must_exist: bool) -> Result<PathBuf, String> {
        let rel = Path::new(name);
        if name.is_empty() || name.contains('\0') {
            return Err("no file name given".into());
        }
        if !rel.components().all(|c| matches!(c, Component::Normal(_))) {
            return Err(format!(
                "`{name}`: give a path inside the games folder, without `..` or a leading `/`"
            ));
        }
        if rel.extension().and_then(|e| e.to_str()) != Some("toml") {
            return Err(format!("`{name}`: only `.toml` game files are served"));
        }
        let path = self.root.join(rel);
        let real = match path.canonicalize() {
            Ok(real) => real,
            Err(_) if !must_exist => {
                let parent = path.parent().and_then(|p| p.canonicalize().ok());
                match (parent, path.file_name()) {
                    (Some(p), Some(f)) if !path.is_symlink() => p.join(f),
                    _ => return Err(format!("`{name}`: no such folder in the games folder")),
                }
            }
            Err(_) => return Err(format!("`{name}`: no such game file")),
        };
        if !real.starts_with(&self.root) {
            return Err(format!("`{name}`: it leads out of the games folder"));
        }
        Ok(real)
    }

    /// The text of a game file named relative to the folder.
    pub fn read(&self, name: &str) -> Result<String, String> {
        use std::io::Read;
        let path = self.resolve(name, true)?;
        // Only a regular file: opening a FIFO would wait for a writer.
        let meta = std::fs::metadata(&path).map_err(|e| e.to_string())?;
        if !meta.is_file() {
            return Err(format!("`{name}` is not a regular file"));
        }
        if meta.len() > MAX_FILE as u64 {
            return Err(format!("`{name}` is larger than {MAX_FILE} bytes"));
        }
        let file = std::fs::File::open(&path).map_err(|e| format!("`{name}`: {e}"))?;
        if !file.metadata().is_ok_and(|m| m.is_file()) {
            return Err(format!("`{name}` is not a regular file"));
        }
        let mut text = String::new();
        (file.take(MAX_FILE as u64 + 1))
            .read_to_string(&mut text)
            .map_err(|e| format!("`{name}`: {e}"))?;
        if text.len() > MAX_FILE {
            return Err(format!("`{name}` is larger than {MAX_FILE} bytes"));
        }
        Ok(text)
    }

    /// When a game file last changed, in milliseconds since 1970.
    pub fn modified(&self, name: &str) -> Result<u64, String> {
        let path = self.resolve(name, true)?;
        let time = std::fs::metadata(path)
            .and_then(|m| m.modified())
            .map_err(|e| e.to_string())?;
        Ok(time
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64))
    }

    /// Writes a rule file back, through a fresh temporary file renamed over
    /// it ([`crate::cli::write_replacing`]).
    pub fn save(&self, name: &str, text: &str) -> Result<(), String> {
        if !self.allow_save {
            return Err("saving is off: start the server with `--allow-save`".into());
        }
        if text.len() > MAX_FILE {
            return Err(format!("the file is larger than {MAX_FILE} bytes"));
        }
        let path = self.resolve(name, false)?;
        // The name itself must not be a link (even one that stays inside):
        // what is saved is the file the page read, in place.
        if self.root.join(name).is_symlink() {
            return Err(format!("cannot write `{name}`: it is a symbolic link"));
        }
        crate::cli::write_replacing(&path, text.as_bytes())
            .map_err(|e| format!("cannot write `{name}`: {e}"))
    }

    /// The `.toml` files of the folder and its subfolders (not following
    /// links out of it), as names relative to it, sorted.
    pub fn list(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.walk(&self.root, 0, &mut out);
        out.sort();
        out
    }

    fn walk(&self, dir: &Path, depth: usize, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(rel) = path.strip_prefix(&self.root) else {
                continue;
            };
            let name = rel.to_string_lossy().replace('\\', "/");
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                if depth < 3 {
                    self.walk(&path, depth + 1, out);
                }
            } else if (kind.is_file() || kind.is_symlink())
                && (self.resolve(&name, true)).is_ok_and(|real| real.is_file())
            {
                // Regular files only (a FIFO or a device is never listed).
                out.push(name);
            }
        }
    }

    /// Reads an `extends` base named from the file `from` (a name relative
    /// to the folder), confined to the folder like every other read.
    pub fn read_base(&self, from: &str, path: &str) -> Result<(String, String), String> {
        let base = Path::new(from).parent().unwrap_or(Path::new("")).join(path);
        let name = normalise(&base).ok_or_else(|| format!("`{path}` leads out of the folder"))?;
        self.read(&name).map(|text| (name, text))
    }
}

/// `a/./b/../c` as `a/c`; `None` if it climbs above its start.
fn normalise(path: &Path) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            _ => return None,
        }
    }
    Some(parts.join("/"))
}
