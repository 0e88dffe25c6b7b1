//! The PostgreSQL schema against the SQLite one: store/migrations/postgres/*.sql applied in order with
//! psql to a fresh database of the test cluster, and a SQLite file migrated by opening a real
//! store on it, must have the same tables with the same columns in the same order, of matching
//! types, nullability and defaults, the same primary keys, unique constraints and foreign keys,
//! the same CHECK constraints (compared by the columns each names: SQLite keeps them only as the
//! table's SQL text, and PostgreSQL rewrites their expressions), and the same indexes (names,
//! columns, uniqueness, partial or not), apart from the SQLite-only parts listed below with the
//! reason.

use cardarena_testkit::postgres;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::str::FromStr;

use cardarena_store::Store;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{ConnectOptions, Row};

/// Tables only the SQLite schema has, and why.
const SQLITE_ONLY_TABLES: &[(&str, &str)] = &[(
    "actions",
    "the JSON action logs of releases before compact logs, kept only to convert old SQLite \
     databases; a PostgreSQL database never is one",
)];

/// Names of index that only SQLite has, by prefix, and why.
const SQLITE_ONLY_INDEXES: &[(&str, &str)] = &[(
    "sqlite_autoindex_",
    "SQLite's own names for the indexes behind PRIMARY KEY and UNIQUE constraints (PostgreSQL \
     names them <table>_pkey and <table>_<columns>_key); the constraints are compared as keys",
)];

/// Bookkeeping tables of the database engines and of sqlx's migrator, on either side: no part of
/// the schema (sqlx makes `_sqlx_migrations` on whichever database it migrates).
fn bookkeeping(table: &str) -> bool {
    table.starts_with("sqlite_") || table == "_sqlx_migrations"
}

/// A schema as both databases can describe it.
#[derive(Debug, Default)]
struct Schema {
    tables: BTreeMap<String, Table>,
    /// Indexes by name (on PostgreSQL, not those behind constraints, compared as keys).
    indexes: BTreeMap<String, Index>,
}

#[derive(Debug, Default)]
struct Table {
    /// In the table's order.
    columns: Vec<Column>,
    primary_key: Vec<String>,
    /// Each UNIQUE constraint's columns.
    unique: BTreeSet<Vec<String>>,
    foreign_keys: BTreeSet<Key>,
    /// The columns each CHECK constraint names, sorted.
    checks: Vec<BTreeSet<String>>,
}

/// A foreign key: its columns, the table and the columns it references. (The same shape, the
/// table and its columns empty, carries primary keys and unique constraints while they are read.)
type Key = (Vec<String>, String, Vec<String>);

#[derive(Debug, PartialEq)]
struct Column {
    name: String,
    /// PostgreSQL's name of the type (SQLite's declared types mapped to it).
    data_type: String,
    nullable: bool,
    /// The default's SQL, casts left out; "" for none.
    default: String,
    /// Numbered by the database when the INSERT leaves it out (SQLite's INTEGER PRIMARY KEY,
    /// PostgreSQL's identity column).
    generated: bool,
}

#[derive(Debug, PartialEq)]
struct Index {
    table: String,
    columns: Vec<String>,
    unique: bool,
    partial: bool,
}

#[tokio::test]
async fn the_postgres_migrations_make_the_sqlite_schema() {
    let sqlite = sqlite_schema().await;
    let postgres = postgres_schema();

    let mut sqlite_tables: Vec<&String> = sqlite.tables.keys().collect();
    sqlite_tables.retain(|name| !SQLITE_ONLY_TABLES.iter().any(|(only, _)| name == only));
    let postgres_tables: Vec<&String> = postgres.tables.keys().collect();
    assert_eq!(sqlite_tables, postgres_tables, "the tables differ");
    for name in sqlite_tables {
        let (sqlite, postgres) = (&sqlite.tables[name], &postgres.tables[name]);
        for (i, (left, right)) in sqlite.columns.iter().zip(&postgres.columns).enumerate() {
            assert_eq!(
                left,
                right,
                "table {name}, column {}: SQLite (left), PostgreSQL (right)",
                i + 1
            );
        }
        let names = |table: &Table| {
            table
                .columns
                .iter()
                .map(|c| c.name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(sqlite),
            names(postgres),
            "table {name}: the columns differ"
        );
        assert_eq!(
            sqlite.primary_key, postgres.primary_key,
            "table {name}: primary key"
        );
        assert_eq!(
            sqlite.unique, postgres.unique,
            "table {name}: unique constraints"
        );
        assert_eq!(
            sqlite.foreign_keys, postgres.foreign_keys,
            "table {name}: foreign keys"
        );
        assert_eq!(
            sqlite.checks, postgres.checks,
            "table {name}: CHECK constraints (the columns each names)"
        );
    }

    let mut sqlite_indexes: BTreeMap<&String, &Index> = sqlite.indexes.iter().collect();
    sqlite_indexes.retain(|name, index| {
        !SQLITE_ONLY_INDEXES
            .iter()
            .any(|(prefix, _)| name.starts_with(prefix))
            && !SQLITE_ONLY_TABLES
                .iter()
                .any(|(table, _)| index.table == *table)
    });
    let postgres_indexes: BTreeMap<&String, &Index> = postgres.indexes.iter().collect();
    let names: BTreeSet<&&String> = sqlite_indexes
        .keys()
        .chain(postgres_indexes.keys())
        .collect();
    for name in names {
        assert_eq!(
            sqlite_indexes.get(name),
            postgres_indexes.get(name),
            "index {name}: SQLite (left), PostgreSQL (right)"
        );
    }
}

/// The schema of a SQLite file migrated by `Store::open`, read back with SQLite's pragmas.
async fn sqlite_schema() -> Schema {
    let dir = std::env::temp_dir().join(format!("cardarena-parity-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("parity.db").display());
    drop(
        Store::open(&url)
            .await
            .expect("the store opens and migrates"),
    );
    let mut db = SqliteConnectOptions::from_str(&url)
        .unwrap()
        .read_only(true)
        .connect()
        .await
        .unwrap();
    let mut schema = Schema::default();
    let tables = sqlx::query("SELECT name, sql FROM sqlite_schema WHERE type = 'table'")
        .fetch_all(&mut db)
        .await
        .unwrap();
    for row in tables {
        let name: String = row.get("name");
        if bookkeeping(&name) {
            continue;
        }
        let sql: String = row.get("sql");
        let table = sqlite_table(&mut db, &name, &sql, &mut schema.indexes).await;
        schema.tables.insert(name, table);
    }
    drop(db);
    std::fs::remove_dir_all(&dir).unwrap();
    schema
}

/// One SQLite table, made by `sql`; its indexes go to `indexes`.
async fn sqlite_table(
    db: &mut SqliteConnection,
    name: &str,
    sql: &str,
    indexes: &mut BTreeMap<String, Index>,
) -> Table {
    let without_rowid = sql.contains("WITHOUT ROWID");
    let mut table = Table::default();
    let info = sqlx::query(
        "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?1) ORDER BY cid",
    )
    .bind(name)
    .fetch_all(&mut *db)
    .await
    .unwrap();
    let mut key: Vec<(i64, String)> = Vec::new();
    for row in &info {
        let column: String = row.get("name");
        let pk: i64 = row.get("pk");
        if pk > 0 {
            key.push((pk, column.clone()));
        }
        let declared: String = row.get("type");
        table.columns.push(Column {
            data_type: postgres_type(&declared).to_string(),
            // SQLite lets a key column other than INTEGER PRIMARY KEY hold NULL (a legacy quirk)
            // and its pragma says so; PostgreSQL makes every key column NOT NULL.
            nullable: row.get::<i64, _>("notnull") == 0 && pk == 0,
            default: row
                .get::<Option<String>, _>("dflt_value")
                .unwrap_or_default(),
            // A rowid table's one INTEGER PRIMARY KEY column is the rowid, numbered by SQLite.
            generated: !without_rowid && pk == 1 && declared == "INTEGER",
            name: column,
        });
    }
    key.sort();
    table.primary_key = key.into_iter().map(|(_, column)| column).collect();
    if table.primary_key.len() > 1 {
        for column in &mut table.columns {
            column.generated = false;
        }
    }

    let list = sqlx::query("SELECT name, \"unique\", origin, partial FROM pragma_index_list(?1)")
        .bind(name)
        .fetch_all(&mut *db)
        .await
        .unwrap();
    for row in list {
        let index: String = row.get("name");
        let columns: Vec<String> =
            sqlx::query_scalar("SELECT name FROM pragma_index_info(?1) ORDER BY seqno")
                .bind(&index)
                .fetch_all(&mut *db)
                .await
                .unwrap();
        if row.get::<String, _>("origin") == "u" {
            table.unique.insert(columns.clone());
        }
        let index_info = Index {
            table: name.to_string(),
            columns,
            unique: row.get::<i64, _>("unique") == 1,
            partial: row.get::<i64, _>("partial") == 1,
        };
        indexes.insert(index, index_info);
    }

    let keys = sqlx::query(
        "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?1) ORDER BY id, seq",
    )
    .bind(name)
    .fetch_all(&mut *db)
    .await
    .unwrap();
    let mut foreign: BTreeMap<i64, Key> = BTreeMap::new();
    for row in keys {
        let key = foreign.entry(row.get("id")).or_default();
        key.0.push(row.get("from"));
        key.1 = row.get("table");
        key.2.push(row.get("to"));
    }
    table.foreign_keys = foreign.into_values().collect();
    let columns: Vec<&str> = table.columns.iter().map(|c| c.name.as_str()).collect();
    table.checks = check_columns(sql, &columns);
    table
}

/// The columns each CHECK constraint of the SQLite table made by `sql` names, sorted.
fn check_columns(sql: &str, columns: &[&str]) -> Vec<BTreeSet<String>> {
    // The SQL without its comments and string literals, which could mention a column's name.
    let mut code = String::new();
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '-' if chars.peek() == Some(&'-') => {
                chars.by_ref().find(|&c| c == '\n');
                code.push('\n');
            }
            '\'' => {
                chars.by_ref().find(|&c| c == '\'');
                code.push_str("''");
            }
            c => code.push(c),
        }
    }
    let mut checks = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("CHECK") {
        let expression = rest[at + "CHECK".len()..].trim_start();
        assert!(
            expression.starts_with('('),
            "a CHECK without its parentheses: {sql}"
        );
        let mut depth = 0;
        let end = expression
            .char_indices()
            .find_map(|(i, c)| {
                depth += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                (depth == 0).then_some(i)
            })
            .expect("a CHECK's closing parenthesis");
        let named = expression[..end]
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|word| columns.contains(word))
            .map(str::to_string)
            .collect();
        checks.push(named);
        rest = &expression[end..];
    }
    checks.sort();
    checks
}

/// PostgreSQL's type for a SQLite column's declared type, as the PostgreSQL migrations map it.
fn postgres_type(declared: &str) -> &'static str {
    match declared {
        "INTEGER" => "bigint",
        "REAL" => "double precision",
        "TEXT" => "text",
        "BLOB" => "bytea",
        other => panic!("a SQLite column of type {other:?}: map it to a PostgreSQL type here"),
    }
}

/// The schema that store/migrations/postgres/*.sql, applied in order, make in a fresh database.
fn postgres_schema() -> Schema {
    let db = postgres::Database::new();
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("migrations/postgres");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "sql"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no migrations in {}", folder.display());
    for file in &files {
        db.apply(file);
    }

    let mut schema = Schema::default();
    let columns = db.query(
        "SELECT table_name, column_name, data_type, is_nullable, COALESCE(column_default, ''), \
         is_identity FROM information_schema.columns c WHERE table_schema = 'public' \
         AND EXISTS (SELECT 1 FROM information_schema.tables t WHERE t.table_schema = 'public' \
         AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE') \
         ORDER BY table_name, ordinal_position",
    );
    for row in columns {
        let [table, name, data_type, nullable, default, identity] = &row[..] else {
            panic!("a column's row: {row:?}");
        };
        if bookkeeping(table) {
            continue;
        }
        schema
            .tables
            .entry(table.clone())
            .or_default()
            .columns
            .push(Column {
                name: name.clone(),
                data_type: data_type.clone(),
                nullable: nullable == "YES",
                default: without_cast(default).to_string(),
                generated: identity == "YES",
            });
    }

    // Primary keys, unique constraints and foreign keys, a row per column in the key's order.
    let constraints = db.query(
        "SELECT c.contype, c.conrelid::regclass::text, c.conname, a.attname, \
         COALESCE(c.confrelid::regclass::text, ''), COALESCE(af.attname, '') \
         FROM pg_constraint c \
         CROSS JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k(col, fcol, n) \
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col \
         LEFT JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = k.fcol \
         WHERE c.contype IN ('p', 'u', 'f') AND c.connamespace = 'public'::regnamespace \
         ORDER BY 2, 3, k.n",
    );
    // By table, constraint name and kind ('p', 'u', 'f').
    let mut keys: BTreeMap<(String, String, String), Key> = BTreeMap::new();
    for row in constraints {
        let [
            kind,
            table,
            constraint,
            column,
            foreign_table,
            foreign_column,
        ] = &row[..]
        else {
            panic!("a constraint's row: {row:?}");
        };
        let key = keys
            .entry((table.clone(), constraint.clone(), kind.clone()))
            .or_default();
        key.0.push(column.clone());
        key.1 = foreign_table.clone();
        key.2.push(foreign_column.clone());
    }
    for ((table, _, kind), (columns, foreign_table, foreign_columns)) in keys {
        let table = schema.tables.entry(table).or_default();
        match kind.as_str() {
            "p" => table.primary_key = columns,
            "u" => {
                table.unique.insert(columns);
            }
            _ => {
                table
                    .foreign_keys
                    .insert((columns, foreign_table, foreign_columns));
            }
        }
    }

    let checks = db.query(
        "SELECT c.conrelid::regclass::text, array_to_string(ARRAY(SELECT a.attname \
         FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)), ',') \
         FROM pg_constraint c WHERE c.contype = 'c' AND c.connamespace = 'public'::regnamespace",
    );
    for row in checks {
        let [table, columns] = &row[..] else {
            panic!("a CHECK's row: {row:?}");
        };
        let table = schema.tables.entry(table.clone()).or_default();
        let named = columns.split(',').map(str::to_string).collect();
        table.checks.push(named);
    }
    for table in schema.tables.values_mut() {
        table.checks.sort();
    }

    // Indexes that no primary key or unique constraint made.
    let indexes = db.query(
        "SELECT i.relname, t.relname, x.indisunique, x.indpred IS NOT NULL, \
         array_to_string(ARRAY(SELECT pg_get_indexdef(x.indexrelid, k, true) \
         FROM generate_series(1, x.indnatts) AS k ORDER BY k), ',') \
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid \
         JOIN pg_class t ON t.oid = x.indrelid \
         WHERE t.relnamespace = 'public'::regnamespace AND NOT EXISTS (SELECT 1 FROM pg_constraint c \
         WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid AND c.contype IN ('p', 'u'))",
    );
    for row in indexes {
        let [name, table, unique, partial, columns] = &row[..] else {
            panic!("an index's row: {row:?}");
        };
        if bookkeeping(table) {
            continue;
        }
        let index = Index {
            table: table.clone(),
            columns: columns.split(',').map(str::to_string).collect(),
            unique: unique == "t",
            partial: partial == "t",
        };
        schema.indexes.insert(name.clone(), index);
    }
    schema
}

/// A PostgreSQL default without its cast (`'active'::text` is `'active'`).
fn without_cast(default: &str) -> &str {
    default
        .strip_suffix("::text")
        .or_else(|| default.strip_suffix("::bigint"))
        .unwrap_or(default)
}
