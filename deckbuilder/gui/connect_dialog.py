"""File > Connect to a Shared Database…: work on a PostgreSQL database by its URL.

The dialog takes the URL (``postgresql://user@host/dbname``, never with a password) and,
if the server asks for one and it is not in ``~/.pgpass`` or ``PGPASSWORD``, the
password: used for this session, or kept in the system keyring when the optional
``keyring`` package is installed and "Remember" is ticked. Connect opens the database
off the GUI thread (a new, empty database is filled from the app's card data); on
success the URL (without the password) is remembered (:data:`SHARED_DATABASE`) and the
window reopens on it (:meth:`deckbuilder.gui.main_window.MainWindow.switch_database`;
the next start opens it too). "Use My Own File" goes back to the file on this
computer. Source: issue 15, section 1.
"""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_dir
from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from card_db import postgres
from card_db.database import APP_NAME, DB_FILENAME, user_db_path
from card_db.userdb import UserDatabase
from deckbuilder.gui.dialogs import fit_title
from deckbuilder.gui.errors import describe_error
from deckbuilder.gui.settings import SHARED_DATABASE


def own_database() -> Path:
    """The database file on this computer: ``$DECKBUILDER_DB`` if that is a file, else
    the one in the platform's user data folder."""
    default = user_db_path()
    if postgres.is_url(default):
        return Path(user_data_dir(APP_NAME, appauthor=False)) / DB_FILENAME
    return Path(default)


def _check_and_close(url: str) -> str:
    """Open (create, upgrade, fill) the database at ``url`` and let it go; its URL."""
    UserDatabase.open(url).close()
    return url


class ConnectDialog(QDialog):
    """Asks for a shared database's URL and password. ``chosen(object)``: the database
    to switch to (a URL, or the :func:`own_database` path), once it could be opened."""

    chosen = Signal(object)

    def __init__(self, context, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.setWindowTitle("Connect to a Shared Database")
        self.setObjectName("connectDatabase")
        fit_title(self)
        self.url_edit = QLineEdit(SHARED_DATABASE.read(context.settings)
                                  or (context.db.url or ""))
        self.url_edit.setPlaceholderText("postgresql://user@host/dbname")
        self.password_edit = QLineEdit()
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setPlaceholderText("only if ~/.pgpass or PGPASSWORD do not hold it")
        self.remember = QCheckBox("Remember the password in the system keyring")
        self.remember.setEnabled(postgres.keyring_available())
        if not self.remember.isEnabled():
            self.remember.setToolTip("Install the keyring package to keep passwords there")
        self.message = QLabel(f"Now open: {context.db.location}")
        self.message.setObjectName("connectMessage")
        self.message.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Database URL:", self.url_edit)
        form.addRow("Password:", self.password_edit)
        form.addRow("", self.remember)
        buttons = QDialogButtonBox()
        self.connect_button = buttons.addButton("Connect",
                                                QDialogButtonBox.ButtonRole.AcceptRole)
        self.own_button = buttons.addButton("Use My Own File",
                                            QDialogButtonBox.ButtonRole.ResetRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.connect_button.clicked.connect(self.try_connect)
        self.own_button.clicked.connect(self.use_own_file)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)

    def try_connect(self) -> None:
        """Check the URL, keep the password where asked, and open the database in the
        background; the outcome is shown in the dialog (or :attr:`chosen` emitted)."""
        try:
            url = postgres.check_url(self.url_edit.text().strip())
            if not postgres.is_url(url):
                raise postgres.PostgresError("the URL must begin with postgresql://")
            password = self.password_edit.text()
            if password and self.remember.isChecked():
                postgres.store_password(url, password)
            elif password:
                postgres.use_password(url, password)
        except postgres.PostgresError as exc:
            self._failed(exc)
            return
        self.password_edit.clear()
        self.connect_button.setEnabled(False)
        self.message.setText(f"Connecting to {url}… (a new database is filled with the "
                             "cards first)")
        self.context.run(_check_and_close, url, on_done=self._connected,
                         on_error=lambda exc, _details: self._failed(exc))

    def _failed(self, exc: BaseException) -> None:
        self.connect_button.setEnabled(True)
        self.message.setText(describe_error(exc))

    def _connected(self, url: str) -> None:
        SHARED_DATABASE.write(self.context.settings, url)
        self.accept()
        self.chosen.emit(url)

    def use_own_file(self) -> None:
        """Forget the shared database and go back to the file on this computer."""
        SHARED_DATABASE.write(self.context.settings, "")
        self.accept()
        self.chosen.emit(own_database())


def connect_action(window) -> QAction:
    """The File menu's "Connect to a Shared Database…" action of ``window`` (a
    :class:`~deckbuilder.gui.main_window.MainWindow`)."""
    action = QAction("&Connect to a Shared Database…", window)
    action.setObjectName("connectDatabase")
    action.setStatusTip("Work on a collection and decks kept on a PostgreSQL server")

    def show() -> None:
        dialog = ConnectDialog(window.context, window)
        dialog.chosen.connect(window.switch_database)
        dialog.open()
        window.connect_dialog = dialog

    action.triggered.connect(show)
    return action
